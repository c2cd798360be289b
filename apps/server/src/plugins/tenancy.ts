import { AppError, hasRole, MESSAGES, type Role } from "@flowdeck/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";
import { findMembership } from "../modules/organizations/repository.ts";

export type OrgContext = {
  organizationId: string;
  /** Null for a membership that was given no role; it acts as viewer. */
  role: Role | null;
  /** Throws 403 with the given message unless the member has `minimum` or higher. */
  requireRole: (minimum: Role, message?: string) => void;
};

declare module "fastify" {
  interface FastifyRequest {
    org: OrgContext;
  }
}

const ORG_ROUTE_PREFIX = "/api/orgs/:orgId";

/**
 * The one membership guard for every /api/orgs/:orgId/... route. It reads the membership on each
 * request, so a role change takes effect at once. A non-member gets 404: another tenant's data
 * does not exist for them.
 */
export function registerTenancy(app: FastifyInstance, db: Database) {
  app.decorateRequest("org", null as unknown as OrgContext);
  app.addHook("onRequest", async (request) => {
    if (!request.routeOptions.url?.startsWith(ORG_ROUTE_PREFIX)) return;
    const { orgId } = request.params as { orgId: string };
    const membership = await findMembership(db, { organizationId: orgId, userId: request.user.id });
    if (!membership) throw new AppError("not-found", MESSAGES.organizationNotFound);
    const role = membership.role;
    request.org = {
      organizationId: orgId,
      role,
      requireRole(minimum, message) {
        if (!hasRole(role, minimum)) {
          throw new AppError("permission-denied", message ?? `You need ${minimum} role or higher to do this`);
        }
      },
    };
  });
}
