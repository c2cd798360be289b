import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { SWAGGER_UI_BRANDING } from "./branding.ts";
import { openapiTransform } from "./transform.ts";

/**
 * GET /api/openapi.json (OpenAPI 3.1, generated from the route schemas) and the reference page
 * at /api/docs (Swagger UI served from our own node_modules; no CDN). Both are public: the API's
 * shape is no secret, and its callers need it before they hold a token.
 */
export async function registerOpenapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Flowdeck API",
        version: "1.0.0",
        description: [
          'Every error answer is `{ "error": { "code", "message" } }`.',
          "Organization routes (`/api/orgs/{orgId}/…`) accept an API token (`Authorization: Bearer fdt_…`) or the session cookie; so do `GET /api/orgs/current` and `GET /api/me`, which tell a token its organization's id and its role. The others need the session cookie of a signed-in user.",
        ].join("\n\n"),
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "fdt_…",
            description:
              "An API token created under Admin → API tokens; it acts with its own role in its own organization.",
          },
          cookieAuth: {
            type: "apiKey",
            in: "cookie",
            name: "better-auth.session_token",
            description: "The session cookie set by signing in (`__Secure-` prefixed over HTTPS).",
          },
        },
      },
    },
    transform: openapiTransform,
  });

  app.get("/api/openapi.json", { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

  await app.register(async (docs) => {
    // Everything the page needs comes from our own origin; mark its routes public (no sign-in).
    docs.addHook("onRoute", (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(swaggerUi, {
      routePrefix: "/api/docs",
      uiConfig: { deepLinking: true },
      ...SWAGGER_UI_BRANDING,
      staticCSP: false,
    });
  });
}
