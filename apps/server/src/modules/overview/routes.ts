import { OrganizationOverviewSchema } from "@flowdeck/shared/dashboard/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getOverview } from "./service.ts";

/** GET /api/orgs/:orgId/overview: any member may read the organization's statistics. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/orgs/:orgId/overview",
    {
      config: { action: "organization.read" },
      schema: { params: z.object({ orgId: z.string() }), response: { 200: OrganizationOverviewSchema } },
    },
    async (request) => getOverview({ db: app.db, organizationId: request.org.organizationId }),
  );
};
