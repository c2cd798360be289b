import type { FastifySwaggerUiOptions } from "@fastify/swagger-ui";

// The web app's mark (apps/web/public/favicon.svg), kept here so the server needs no built web app.
const MARK = `<rect width="32" height="32" rx="7" fill="#4f46e5"/><path d="M9 9h14v4H13v3h8v4h-8v3H9z" fill="#fff"/>`;

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${MARK}</svg>`;

/** The mark and "Flowdeck API" in white, for Swagger UI's dark top bar. */
const LOGO = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="190" height="32" viewBox="0 0 190 32">`,
  MARK,
  `<text x="42" y="23" fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="19" font-weight="600">Flowdeck API</text>`,
  `</svg>`,
].join("");

/** The reference page as Flowdeck's: its title, favicon and logo (linking back to the app) instead of Fastify's. */
export const SWAGGER_UI_BRANDING: Pick<FastifySwaggerUiOptions, "theme" | "logo"> = {
  theme: {
    title: "Flowdeck API reference",
    favicon: [
      { filename: "favicon.svg", rel: "icon", type: "image/svg+xml", sizes: "any", content: Buffer.from(FAVICON) },
    ],
  },
  logo: { type: "image/svg+xml", content: Buffer.from(LOGO), href: "/", target: "_self" },
};
