import { AppError, can, deniedMessage, isAction, MESSAGES, tokensMay, type Action } from "@flowdeck/shared";
import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import { TWO_FACTOR_REQUIREMENT_MESSAGES } from "@flowdeck/shared/settings/messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../db/database.ts";
import { actorRole, type Actor } from "../lib/actor.ts";
import type { OrgScope } from "../lib/change-log.ts";
import { originOf } from "./authentication.ts";
import { findMembership } from "../modules/organizations/repository.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** What an /api/orgs/:orgId route does; its minimum role is in the shared ACTIONS table. */
    action?: Action;
  }
}

export const ORG_ROUTE_PREFIX = "/api/orgs/:orgId";

/**
 * The one membership and permission guard for every /api/orgs/:orgId/... route. It takes the
 * membership cached with the session (a role change or removal ends that cache at once, decision
 * 033) or reads it when the cache does not list the organization, and completes the actor with
 * the organization and role. A non-member gets 404: another tenant's data does not exist for them.
 * An actor whose role is below the route's action gets 403 before the body is read, so a viewer
 * learns nothing from validation. In an organization that requires two-factor sign-in, a member
 * without it gets 403 on every route until they turn it on in their profile (decision 032).
 */
export function registerTenancy(app: FastifyInstance, db: Database) {
  // A route that forgets to say what it does cannot be registered: the server does not start.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(ORG_ROUTE_PREFIX)) return;
    if (!isAction(route.config?.action)) {
      throw new Error(`${String(route.method)} ${route.url} declares no action (config.action) from the ACTIONS table`);
    }
  });

  app.addHook("onRequest", async (request) => {
    if (!request.routeOptions.url?.startsWith(ORG_ROUTE_PREFIX)) return;
    const { orgId } = request.params as { orgId: string };
    const actor = await actorInOrganization(db, request, orgId);
    if (!actor) throw new AppError("not-found", MESSAGES.organizationNotFound);
    const action = request.routeOptions.config.action!;
    if (actor.kind === "token" && !tokensMay(action)) {
      throw new AppError("permission-denied", API_TOKEN_MESSAGES.peopleOnly);
    }
    if (!can(actorRole(actor), action)) throw new AppError("permission-denied", deniedMessage(action));
    request.actor = actor;
  });
}

/** The actor with the organization and its role there, or null when it does not belong to it. */
async function actorInOrganization(
  db: Database,
  request: FastifyRequest,
  organizationId: string,
): Promise<Actor | null> {
  const { actor } = request;
  switch (actor.kind) {
    case "user": {
      // Not cached: not a member, or one since the session was cached, which the database knows.
      const membership =
        request.sessionMemberships?.get(organizationId) ??
        (await findMembership(db, { organizationId, userId: actor.userId }));
      if (!membership) return null;
      if (membership.requireTwoFactor && actor.twoFactorEnabled !== true) {
        throw new AppError("permission-denied", TWO_FACTOR_REQUIREMENT_MESSAGES.required);
      }
      return { ...actor, organizationId, role: membership.role };
    }
    case "token":
      return actor.organizationId === organizationId ? actor : null;
    // Runners speak only their own protocol, a webhook only its URL; the system never comes through HTTP.
    case "runner":
    case "system":
    case "hook":
      return null;
  }
}

/** The scope an org route's service works in; only valid after the tenancy hook ran. */
export function orgScope(request: FastifyRequest): OrgScope {
  const { actor } = request;
  const organizationId = actor.kind === "user" || actor.kind === "token" ? actor.organizationId : undefined;
  if (!organizationId) throw new Error(`${request.routeOptions.url} is not an organization route`);
  const { db, events, metrics } = request.server;
  return { db, events, metrics, organizationId, actor, origin: originOf(request) };
}
