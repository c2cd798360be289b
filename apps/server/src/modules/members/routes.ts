import { PageQuerySchema, pageOf } from "@flowdeck/shared";
import { MemberParamsSchema, MemberSchema, UpdateMemberRoleSchema } from "@flowdeck/shared/members/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import { changeMemberRole, listMembers, removeMember, transferOwnership } from "./service.ts";
import { scopeOf } from "../../lib/scope.ts";

/**
 * Members of an organization. Any member may read the list (the dashboard shows it); changing a
 * role and removing follow spec 6 "Member table rules", checked again inside the transaction.
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/orgs/:orgId/members",
    {
      config: { action: "members.read" },
      schema: { params: OrgParamsSchema, querystring: PageQuerySchema, response: { 200: pageOf(MemberSchema) } },
    },
    async (request) => listMembers({ ...scopeOf(request), page: request.query }),
  );

  app.patch(
    "/api/orgs/:orgId/members/:userId",
    {
      config: { action: "members.updateRole" },
      schema: { params: MemberParamsSchema, body: UpdateMemberRoleSchema, response: { 200: MemberSchema } },
    },
    async (request) => {
      return changeMemberRole({
        ...scopeOf(request),
        targetId: request.params.userId,
        role: request.body.role,
      });
    },
  );

  app.delete(
    "/api/orgs/:orgId/members/:userId",
    { config: { action: "members.remove" }, schema: { params: MemberParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeMember({
        ...scopeOf(request),
        targetId: request.params.userId,
      });
      return reply.status(204).send(null);
    },
  );

  // Only the creator may hand the organization over (spec 6 leaves it open; decision 012).
  app.post(
    "/api/orgs/:orgId/members/:userId/ownership",
    {
      config: { action: "members.transferOwnership" },
      schema: { params: MemberParamsSchema, response: { 200: MemberSchema } },
    },
    async (request) => {
      return transferOwnership({
        ...scopeOf(request),
        targetId: request.params.userId,
      });
    },
  );
};
