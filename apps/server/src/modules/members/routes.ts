import { MESSAGES, PageQuerySchema, pageOf } from "@flowdeck/shared";
import { MemberParamsSchema, MemberSchema, UpdateMemberRoleSchema } from "@flowdeck/shared/members/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OrgParamsSchema } from "../../lib/route-params.ts";
import { MEMBER_MESSAGES } from "@flowdeck/shared/members/messages";
import { changeMemberRole, listMembers, removeMember, transferOwnership } from "./service.ts";

/**
 * Members of an organization. Any member may read the list (the dashboard shows it); changing a
 * role and removing follow spec 6 "Member table rules", checked again inside the transaction.
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/orgs/:orgId/members",
    { schema: { params: OrgParamsSchema, querystring: PageQuerySchema, response: { 200: pageOf(MemberSchema) } } },
    async (request) => listMembers({ db: app.db, organizationId: request.org.organizationId, page: request.query }),
  );

  app.patch(
    "/api/orgs/:orgId/members/:userId",
    { schema: { params: MemberParamsSchema, body: UpdateMemberRoleSchema, response: { 200: MemberSchema } } },
    async (request) => {
      request.org.requireRole("admin", MESSAGES.cannotUpdateMemberRoles);
      return changeMemberRole({
        db: app.db,
        events: app.events,
        organizationId: request.org.organizationId,
        actorId: request.user.id,
        targetId: request.params.userId,
        role: request.body.role,
      });
    },
  );

  app.delete(
    "/api/orgs/:orgId/members/:userId",
    { schema: { params: MemberParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      request.org.requireRole("admin", MESSAGES.cannotRemoveMembers);
      await removeMember({
        db: app.db,
        events: app.events,
        organizationId: request.org.organizationId,
        actorId: request.user.id,
        targetId: request.params.userId,
      });
      return reply.status(204).send(null);
    },
  );

  // Only the creator may hand the organization over (spec 6 leaves it open; decision 012).
  app.post(
    "/api/orgs/:orgId/members/:userId/ownership",
    { schema: { params: MemberParamsSchema, response: { 200: MemberSchema } } },
    async (request) => {
      request.org.requireRole("owner", MEMBER_MESSAGES.onlyCreatorTransfers);
      return transferOwnership({
        db: app.db,
        events: app.events,
        organizationId: request.org.organizationId,
        actorId: request.user.id,
        targetId: request.params.userId,
      });
    },
  );
};
