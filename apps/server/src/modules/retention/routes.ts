import { RetentionSchema, RunPinSchema } from "@flowdeck/shared/retention/schemas";
import { RunViewParamsSchema } from "@flowdeck/shared/runs/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import { getRetention, setRetention, setRunPinned } from "./service.ts";
import { scopeOf } from "../../lib/scope.ts";

/**
 * Retention (decision 029): any member reads how long runs are kept, owners change it, editors pin
 * a run so it is never deleted. The job deleting what is past it is
 * `jobs/retention-job.ts`.
 */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/orgs/:orgId/retention",
    { config: { action: "settings.read" }, schema: { params: OrgParamsSchema, response: { 200: RetentionSchema } } },
    async (request) => getRetention(scopeOf(request)),
  );

  app.put(
    "/api/orgs/:orgId/retention",
    {
      config: { action: "retention.update" },
      schema: { params: OrgParamsSchema, body: RetentionSchema, response: { 200: RetentionSchema } },
    },
    async (request) => setRetention({ ...scopeOf(request), retention: request.body }),
  );

  for (const [path, pinned] of [
    ["pin", true],
    ["unpin", false],
  ] as const) {
    app.post(
      `/api/orgs/:orgId/runs/:runId/${path}`,
      { config: { action: "runs.pin" }, schema: { params: RunViewParamsSchema, response: { 200: RunPinSchema } } },
      async (request) => setRunPinned({ ...scopeOf(request), runId: request.params.runId, pinned }),
    );
  }
};
