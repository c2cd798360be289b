import {
  HistoryRunnersSchema,
  RunHistoryPageSchema,
  RunHistoryQuerySchema,
  WorkflowHealthSchema,
} from "@flowdeck/shared/history/schemas";
import { WorkflowParamsSchema } from "@flowdeck/shared/workflows/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { orgScope } from "../../plugins/tenancy.ts";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import { getHistoryRunners, getRunHistory, getWorkflowHealth } from "./service.ts";

/** Run history that stays fast (decision 030): any member reads it. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/orgs/:orgId/workflows/:workflowId/history",
    {
      config: { action: "workflows.read" },
      schema: {
        params: WorkflowParamsSchema,
        querystring: RunHistoryQuerySchema,
        response: { 200: RunHistoryPageSchema },
      },
    },
    async (request) =>
      getRunHistory({
        db: app.db,
        organizationId: orgScope(request).organizationId,
        workflowId: request.params.workflowId,
        query: request.query,
      }),
  );

  app.get(
    "/api/orgs/:orgId/history/runners",
    {
      config: { action: "workflows.read" },
      schema: { params: OrgParamsSchema, response: { 200: HistoryRunnersSchema } },
    },
    async (request) => getHistoryRunners({ db: app.db, organizationId: orgScope(request).organizationId }),
  );

  app.get(
    "/api/orgs/:orgId/workflow-health",
    {
      config: { action: "workflows.read" },
      schema: { params: OrgParamsSchema, response: { 200: WorkflowHealthSchema } },
    },
    async (request) => getWorkflowHealth({ db: app.db, organizationId: orgScope(request).organizationId }),
  );
};
