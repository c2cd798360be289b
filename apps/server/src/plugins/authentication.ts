import { AppError, MESSAGES } from "@flowdeck/shared";
import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import { parseCookies } from "better-auth/cookies";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Actor, TokenActor, UserActor } from "../lib/actor.ts";
import type { SessionCache, SessionMembership } from "../lib/session-cache.ts";
import { listSessionMemberships } from "../modules/organizations/repository.ts";
import { bearerApiToken, tokenActor } from "../modules/api-tokens/authenticate.ts";
import type { ChangeContext, RequestOrigin } from "../lib/change-log.ts";
import type { Auth } from "../modules/auth/auth.ts";
import { ORG_ROUTE_PREFIX } from "./tenancy.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Marks an /api route that needs no signed-in user. Every other /api route does. */
    public?: boolean;
    /**
     * A route outside /api/orgs/:orgId that an API token may call too ("who am I": GET /api/me,
     * GET /api/orgs/current). Every other such route is for people only.
     */
    apiTokens?: boolean;
  }
  interface FastifyRequest {
    /**
     * Who is acting (lib/actor.ts); set on every non-public /api route before its body is read.
     * A signed-in user (session cookie) or an API token (`Authorization: Bearer fdt_…`).
     */
    actor: Actor;
    /**
     * A signed-in user's memberships (organization id → role) as cached with the session, for the
     * tenancy guard; null for an API token or a public route.
     */
    sessionMemberships: ReadonlyMap<string, SessionMembership> | null;
  }
}

/** The one hook that says who is acting on each /api request. */
export async function registerAuthentication(app: FastifyInstance, auth: Auth, sessions: SessionCache) {
  app.decorateRequest<Actor>("actor", null as unknown as Actor);
  app.decorateRequest("sessionMemberships", null);
  const cookieName = (await auth.$context).authCookies.sessionToken.name;
  app.addHook("onRequest", async (request) => {
    // The routed path as well as the raw URL: "/%61pi/..." reaches the same handlers as "/api/...".
    const isApi = request.url.startsWith("/api/") || Boolean(request.routeOptions.url?.startsWith("/api/"));
    if (!isApi || request.routeOptions.config.public) return;
    const apiToken = bearerApiToken(request.headers.authorization);
    if (apiToken) {
      const { url, config } = request.routeOptions;
      if (!url?.startsWith(ORG_ROUTE_PREFIX) && !config.apiTokens) {
        throw new AppError("permission-denied", API_TOKEN_MESSAGES.organizationRoutesOnly);
      }
      request.actor = await tokenActor(app.db, apiToken, request.log);
      return;
    }
    const cookieValue = parseCookies(request.headers.cookie ?? "").get(cookieName);
    if (!cookieValue) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
    const session = await sessions.read(cookieValue, async () => {
      // better-auth checks the cookie's signature and the session's expiry, and renews it.
      const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!found) return null;
      const { id, email, name } = found.user;
      const twoFactorEnabled = found.user.twoFactorEnabled === true;
      const memberships = new Map(await listSessionMemberships(app.db, id));
      const user = { id, email, name, twoFactorEnabled };
      return { session: { user, memberships }, expiresAt: new Date(found.session.expiresAt) };
    });
    if (!session) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
    const { id, email, name, twoFactorEnabled } = session.user;
    request.actor = { kind: "user", userId: id, email, name, twoFactorEnabled };
    request.sessionMemberships = session.memberships;
  });
}

/**
 * The acting person, for routes about one's own account (profile, organizations, invitations
 * addressed to oneself): only a signed-in user has those.
 */
export function userOf(request: FastifyRequest): UserActor {
  const { actor } = request;
  if (actor?.kind !== "user") throw new AppError("unauthenticated", MESSAGES.notSignedIn);
  return actor;
}

/** The caller of a route that API tokens may call too (config.apiTokens): a person or a token. */
export function userOrTokenOf(request: FastifyRequest): UserActor | TokenActor {
  const { actor } = request;
  if (actor?.kind === "user" || actor?.kind === "token") return actor;
  throw new AppError("unauthenticated", MESSAGES.notSignedIn);
}

/** What a route about one's own account hands its service: the signed-in user, in no organization. */
export function userScope(request: FastifyRequest): ChangeContext & { actor: UserActor } {
  return {
    db: request.server.db,
    events: request.server.events,
    metrics: request.server.metrics,
    actor: userOf(request),
    organizationId: null,
    origin: originOf(request),
  };
}

/** The client's address (TRUST_PROXY decides whether X-Forwarded-For counts) and its user agent. */
export function originOf(request: FastifyRequest): RequestOrigin {
  const userAgent = request.headers["user-agent"];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === "string" ? userAgent.slice(0, 500) : null };
}
