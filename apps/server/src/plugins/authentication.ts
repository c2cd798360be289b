import { AppError, MESSAGES } from "@flowdeck/shared";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance } from "fastify";
import type { Auth } from "../modules/auth/auth.ts";

export type SessionUser = { id: string; email: string; name: string };

declare module "fastify" {
  interface FastifyContextConfig {
    /** Marks an /api route that needs no signed-in user. Every other /api route does. */
    public?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user; set on every non-public /api route before its body is read. */
    user: SessionUser;
  }
}

export function registerAuthentication(app: FastifyInstance, auth: Auth) {
  app.decorateRequest("user", null as unknown as SessionUser);
  app.addHook("onRequest", async (request) => {
    // The routed path as well as the raw URL: "/%61pi/..." reaches the same handlers as "/api/...".
    const isApi = request.url.startsWith("/api/") || Boolean(request.routeOptions.url?.startsWith("/api/"));
    if (!isApi || request.routeOptions.config.public) return;
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!result) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
    request.user = { id: result.user.id, email: result.user.email, name: result.user.name };
  });
}
