import { RunLogPageSchema, RunLogQuerySchema, RunViewParamsSchema } from "@flowdeck/shared/runners/schemas";
import { RunDetailSchema } from "@flowdeck/shared/workflows/schemas";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createRunSweeper } from "../../jobs/run-sweeper.ts";
import { cancelRun, getRun, getRunLog, runLogText } from "./service.ts";

const BASE = "/api/orgs/:orgId/runs/:runId";

/** The run view: a run, its output (live: `{ entity: "run" }` events say when to fetch more), Cancel. */
export const runRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = (request: FastifyRequest, params: { runId: string }) => ({
    db: app.db,
    organizationId: request.org.organizationId,
    runId: params.runId,
  });

  const sweeper = createRunSweeper({
    db: app.db,
    events: app.events,
    logger: app.log,
    leaseMs: app.config.runners.leaseMs,
  });
  app.addHook("onReady", async () => sweeper.start());
  app.addHook("onClose", async () => sweeper.stop());

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
    async (request) => cancelRun({ ...scope(request, request.params), events: app.events }),
  );
};
