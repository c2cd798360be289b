/**
 * Registered routes the OpenAPI document leaves out on purpose, each with the reason. A test
 * fails when a route is neither documented nor listed here.
 */
export const INTERNAL_ROUTES: ReadonlyArray<{ reason: string; matches: (method: string, url: string) => boolean }> = [
  {
    reason: "answers 404 for every better-auth endpoint Flowdeck does not use",
    matches: (_method, url) => url === "/api/auth/*",
  },
  {
    reason: "the reference page and its assets, not part of the API",
    matches: (_method, url) => url === "/api/docs" || url.startsWith("/api/docs/"),
  },
  {
    reason: "one wildcard route handing better-auth's two-factor endpoints (enable, verify-totp, …) to it",
    matches: (_method, url) => url === "/api/auth/two-factor/*",
  },
  { reason: "the document itself", matches: (_method, url) => url === "/api/openapi.json" },
  {
    reason: "the web app's pages and files (everything outside /api but the health probes)",
    matches: (_method, url) => !url.startsWith("/api/") && url !== "/healthz" && url !== "/readyz",
  },
  { reason: "Fastify's HEAD twin of a GET route, documented by the GET", matches: (method) => method === "HEAD" },
];

export function isInternalRoute(method: string, url: string): boolean {
  return INTERNAL_ROUTES.some((route) => route.matches(method, url));
}
