import { AppError, isAction, type Action } from "@flowdeck/shared";
import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import { RUNNER_API_PREFIX } from "@flowdeck/shared/runners/protocol";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../../db/database.ts";
import type { Actor } from "../../lib/actor.ts";
import { ORG_ROUTE_PREFIX } from "../../lib/scope.ts";
import type { SessionCache, SessionMembership } from "../../lib/session-cache.ts";
import type { Auth } from "../../modules/auth/auth.ts";
import { authorizeInOrganization } from "./authorize.ts";
import { identifyRunner } from "./identify-runner.ts";
import { sessionIdentifier } from "./identify-session.ts";
import { bearerApiToken, identifyToken } from "./identify-token.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Marks an /api route that needs no signed-in user. Every other /api route does. */
    public?: boolean;
    /**
     * A route outside /api/orgs/:orgId that an API token may call too ("who am I": GET /api/me,
     * GET /api/orgs/current). Every other such route is for people only.
     */
    apiTokens?: boolean;
    /** What an /api/orgs/:orgId route does; its minimum role is in the shared ACTIONS table. */
    action?: Action;
    /** A /api/runner/v1 route that needs no runner credential (register: the token is in its body). */
    runnerPublic?: boolean;
  }
  interface FastifyRequest {
    /**
     * Who is acting (lib/actor.ts), set before the body is read: a signed-in user (session cookie)
     * or an API token (`Authorization: Bearer fdt_…`) on /api routes, a runner on its protocol's.
     * Routes read it through lib/scope.ts.
     */
    actor: Actor;
    /**
     * A signed-in user's memberships (organization id → role) as cached with the session, for
     * authorization; null for an API token, a runner or a public route.
     */
    sessionMemberships: ReadonlyMap<string, SessionMembership> | null;
  }
}

/**
 * The one place a request becomes an actor (docs/decisions/070): identify who calls (a runner on
 * the runner protocol; else, on a non-public /api route, an API token or a session), then, on an
 * organization route, authorize them there (membership, two-factor requirement, the action table).
 * Routes read the outcome with lib/scope.ts and never import this plugin.
 */
export async function registerActor(
  app: FastifyInstance,
  options: { db: Database; auth: Auth; sessions: SessionCache },
) {
  const { db, auth, sessions } = options;
  app.decorateRequest<Actor>("actor", null as unknown as Actor);
  app.decorateRequest("sessionMemberships", null);
  const identifySession = sessionIdentifier({
    db,
    auth,
    sessions,
    cookieName: (await auth.$context).authCookies.sessionToken.name,
  });

  // A route that forgets to say what it does cannot be registered: the server does not start.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(ORG_ROUTE_PREFIX)) return;
    if (!isAction(route.config?.action)) {
      throw new Error(`${String(route.method)} ${route.url} declares no action (config.action) from the ACTIONS table`);
    }
  });

  app.addHook("onRequest", async (request, reply) => {
    const route = request.routeOptions.url;
    if (route?.startsWith(RUNNER_API_PREFIX)) {
      const runner = await identifyRunner(db, request, reply);
      if (runner) request.actor = runner;
      return;
    }
    if (!isApiRequest(request) || request.routeOptions.config.public) return;
    const apiToken = bearerApiToken(request.headers.authorization);
    if (apiToken) {
      if (!route?.startsWith(ORG_ROUTE_PREFIX) && !request.routeOptions.config.apiTokens) {
        throw new AppError("permission-denied", API_TOKEN_MESSAGES.organizationRoutesOnly);
      }
      request.actor = await identifyToken(db, apiToken, request.log);
    } else {
      const session = await identifySession(request);
      request.actor = session.actor;
      request.sessionMemberships = session.memberships;
    }
    if (route?.startsWith(ORG_ROUTE_PREFIX)) {
      request.actor = await authorizeInOrganization(db, {
        actor: request.actor,
        memberships: request.sessionMemberships,
        organizationId: (request.params as { orgId: string }).orgId,
        action: request.routeOptions.config.action!,
      });
    }
  });
}

/** The routed path as well as the raw URL: "/%61pi/..." reaches the same handlers as "/api/...". */
function isApiRequest(request: FastifyRequest) {
  return request.url.startsWith("/api/") || Boolean(request.routeOptions.url?.startsWith("/api/"));
}
