import { OrganizationOverviewSchema } from "@flowdeck/shared/dashboard/schemas";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorRole } from "../../lib/actor.ts";
import { configWarnings } from "../../config.ts";
import { getOverview } from "./service.ts";
import { scopeOf } from "../../lib/scope.ts";

/** GET /api/orgs/:orgId/overview: any member may read the organization's statistics. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/orgs/:orgId/overview",
    {
      config: { action: "organization.read" },
      schema: { params: OrgParamsSchema, response: { 200: OrganizationOverviewSchema } },
    },
    async (request) => {
      const overview = await getOverview({ ...scopeOf(request) });
      // Only owners can act on the server's set-up; the others are not bothered with it.
      const warnings = actorRole(request.actor) === "owner" ? configWarnings(app.config) : [];
      return warnings.length > 0 ? { ...overview, warnings } : overview;
    },
  );
};
