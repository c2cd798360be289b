import { RunLogPageSchema, RunLogQuerySchema, RunViewParamsSchema } from "@flowdeck/shared/runners/schemas";
import { RunDetailSchema } from "@flowdeck/shared/workflows/schemas";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { orgScope } from "../../plugins/tenancy.ts";
import { cancelRun, getRun, getRunLog, runLogText } from "./service.ts";

const BASE = "/api/orgs/:orgId/runs/:runId";

/** The run view: a run, its output (live: `{ entity: "run" }` events say when to fetch more), Cancel. */
export const runRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = (request: FastifyRequest, params: { runId: string }) => ({
    db: app.db,
    organizationId: orgScope(request).organizationId,
    runId: params.runId,
  });

  app.get(
    BASE,
    {
      config: { action: "workflows.read" },
      schema: { params: RunViewParamsSchema, response: { 200: RunDetailSchema } },
    },
    async (request) => getRun(scope(request, request.params)),
  );

  app.get(
    `${BASE}/logs`,
    {
      config: { action: "workflows.read" },
      schema: { params: RunViewParamsSchema, querystring: RunLogQuerySchema, response: { 200: RunLogPageSchema } },
    },
    async (request) => getRunLog({ ...scope(request, request.params), ...request.query }),
  );

  app.get(
    `${BASE}/log.txt`,
    { config: { action: "workflows.read" }, schema: { params: RunViewParamsSchema } },
    async (request, reply) => {
      const { name, text } = await runLogText(scope(request, request.params));
      const filename = `${name.replace(/[^\w .:-]+/g, "_")}.txt`;
      return reply
        .header("content-type", "text/plain; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename.replace(/"/g, "")}"`)
        .header("x-content-type-options", "nosniff")
        .send(text);
    },
  );

  app.post(
    `${BASE}/cancel`,
    { config: { action: "runs.cancel" }, schema: { params: RunViewParamsSchema, response: { 200: RunDetailSchema } } },
    async (request) => cancelRun({ ...orgScope(request), runId: request.params.runId }),
  );
};
