import { AppError, can, deniedMessage, isAction, MESSAGES, type Action, type Role } from "@flowdeck/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";
import { findMembership } from "../modules/organizations/repository.ts";

export type OrgContext = {
  organizationId: string;
  /** Null for a membership that was given no role; it acts as viewer. */
  role: Role | null;
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** What an /api/orgs/:orgId route does; its minimum role is in the shared ACTIONS table. */
    action?: Action;
  }
  interface FastifyRequest {
    org: OrgContext;
  }
}

export const ORG_ROUTE_PREFIX = "/api/orgs/:orgId";

/**
 * The one membership and permission guard for every /api/orgs/:orgId/... route. It reads the
 * membership on each request, so a role change takes effect at once. A non-member gets 404:
 * another tenant's data does not exist for them. A member whose role is below the route's action
 * gets 403 before the body is read, so a viewer learns nothing from validation.
 */
export function registerTenancy(app: FastifyInstance, db: Database) {
  app.decorateRequest("org", null as unknown as OrgContext);

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
    const membership = await findMembership(db, { organizationId: orgId, userId: request.user.id });
    if (!membership) throw new AppError("not-found", MESSAGES.organizationNotFound);
    const action = request.routeOptions.config.action!;
    if (!can(membership.role, action)) throw new AppError("permission-denied", deniedMessage(action));
    request.org = { organizationId: orgId, role: membership.role };
  });
}
