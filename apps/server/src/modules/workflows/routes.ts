import {
  CreateWorkflowSchema,
  DeleteWorkflowResultSchema,
  ExecuteWorkflowSchema,
  ReorderStepsSchema,
  RunOptionsSchema,
  RunsQuerySchema,
  SetStepStatusSchema,
  UpdateWorkflowSchema,
  WorkflowCommandListSchema,
  WorkflowDetailSchema,
  WorkflowListQuerySchema,
  WorkflowPageSchema,
  WorkflowParamsSchema,
  WorkflowRunPageSchema,
  WorkflowSchema,
  WorkflowStatsSchema,
  WorkflowStepParamsSchema,
} from "@flowdeck/shared/workflows/schemas";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idempotencyOf, sendIdempotent } from "../../lib/idempotency.ts";
import { createWorkflow, deleteWorkflow, reorderSteps, updateWorkflow } from "./change-workflow.ts";
import { completeWorkflow, executeWorkflow, setStepStatus, startWorkflow } from "./run-workflow.ts";
import { createScheduler } from "./scheduler.ts";
import {
  getRunOptions,
  getWorkflow,
  getWorkflowRuns,
  getWorkflowStats,
  listSelectableCommands,
  listWorkflows,
} from "./service.ts";

const OrgParamsSchema = z.object({ orgId: z.string() });
const BASE = "/api/orgs/:orgId/workflows";

/**
 * Workflows: ordered commands with a schedule, progress and runs. Every member reads them; editors
 * and above change and run them. The scheduler that runs due workflows lives here too.
 */
export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = (request: FastifyRequest) => ({ db: app.db, organizationId: request.org.organizationId });
  const change = (request: FastifyRequest) => ({ ...scope(request), events: app.events, userId: request.user.id });

  if (app.config.schedulerEnabled) {
    const scheduler = createScheduler({
      db: app.db,
      events: app.events,
      logger: app.log,
      intervalMs: app.config.schedulerIntervalMs,
    });
    app.addHook("onReady", async () => scheduler.start());
    app.addHook("onClose", async () => scheduler.stop());
  }

  app.get(
    BASE,
    {
      config: { action: "workflows.read" },
      schema: { params: OrgParamsSchema, querystring: WorkflowListQuerySchema, response: { 200: WorkflowPageSchema } },
    },
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      return listWorkflows({ ...scope(request), filters, page: { page, pageSize } });
    },
  );

  app.get(
    `${BASE}/stats`,
    {
      config: { action: "workflows.read" },
      schema: { params: OrgParamsSchema, response: { 200: WorkflowStatsSchema } },
    },
    async (request) => getWorkflowStats(scope(request)),
  );

  app.get(
    `${BASE}/commands`,
    {
      config: { action: "workflows.read" },
      schema: { params: OrgParamsSchema, response: { 200: WorkflowCommandListSchema } },
    },
    async (request) => listSelectableCommands(scope(request)),
  );

  app.get(
    `${BASE}/:workflowId`,
    {
      config: { action: "workflows.read" },
      schema: { params: WorkflowParamsSchema, response: { 200: WorkflowDetailSchema } },
    },
    async (request) => getWorkflow({ ...scope(request), workflowId: request.params.workflowId }),
  );

  app.get(
    `${BASE}/:workflowId/runs`,
    {
      config: { action: "workflows.read" },
      schema: { params: WorkflowParamsSchema, querystring: RunsQuerySchema, response: { 200: WorkflowRunPageSchema } },
    },
    async (request) =>
      getWorkflowRuns({ ...scope(request), workflowId: request.params.workflowId, page: request.query }),
  );

  app.get(
    `${BASE}/:workflowId/run-options`,
    {
      config: { action: "workflows.read" },
      schema: { params: WorkflowParamsSchema, response: { 200: RunOptionsSchema } },
    },
    async (request) => getRunOptions({ ...scope(request), workflowId: request.params.workflowId }),
  );

  app.post(
    BASE,
    {
      config: { action: "workflows.create" },
      schema: { params: OrgParamsSchema, body: CreateWorkflowSchema, response: { 201: WorkflowSchema } },
    },
    async (request, reply) =>
      sendIdempotent(reply, () =>
        createWorkflow({ ...change(request), input: request.body, idempotency: idempotencyOf(request) }),
      ),
  );

  app.patch(
    `${BASE}/:workflowId`,
    {
      config: { action: "workflows.update" },
      schema: { params: WorkflowParamsSchema, body: UpdateWorkflowSchema, response: { 200: WorkflowSchema } },
    },
    async (request) =>
      updateWorkflow({ ...change(request), workflowId: request.params.workflowId, input: request.body }),
  );

  app.delete(
    `${BASE}/:workflowId`,
    {
      config: { action: "workflows.delete" },
      schema: { params: WorkflowParamsSchema, response: { 200: DeleteWorkflowResultSchema } },
    },
    async (request) => deleteWorkflow({ ...change(request), workflowId: request.params.workflowId }),
  );

  app.put(
    `${BASE}/:workflowId/steps/order`,
    {
      config: { action: "workflows.update" },
      schema: { params: WorkflowParamsSchema, body: ReorderStepsSchema, response: { 200: WorkflowSchema } },
    },
    async (request) =>
      reorderSteps({ ...change(request), workflowId: request.params.workflowId, stepIds: request.body.stepIds }),
  );

  app.patch(
    `${BASE}/:workflowId/steps/:stepId`,
    {
      config: { action: "workflows.run" },
      schema: { params: WorkflowStepParamsSchema, body: SetStepStatusSchema, response: { 200: WorkflowSchema } },
    },
    async (request) =>
      setStepStatus({
        ...change(request),
        workflowId: request.params.workflowId,
        stepId: request.params.stepId,
        status: request.body.status,
      }),
  );

  app.post(
    `${BASE}/:workflowId/execute`,
    {
      config: { action: "workflows.run" },
      schema: { params: WorkflowParamsSchema, body: ExecuteWorkflowSchema, response: { 200: WorkflowSchema } },
    },
    async (request, reply) =>
      sendIdempotent(reply, () =>
        executeWorkflow({
          ...change(request),
          workflowId: request.params.workflowId,
          idempotency: idempotencyOf(request),
          execution: request.body.platform ? { platform: request.body.platform } : null,
        }),
      ),
  );

  app.post(
    `${BASE}/:workflowId/start`,
    {
      config: { action: "workflows.run" },
      schema: { params: WorkflowParamsSchema, response: { 200: WorkflowSchema } },
    },
    async (request) => startWorkflow({ ...change(request), workflowId: request.params.workflowId }),
  );

  app.post(
    `${BASE}/:workflowId/complete`,
    {
      config: { action: "workflows.run" },
      schema: { params: WorkflowParamsSchema, response: { 200: WorkflowSchema } },
    },
    async (request) => completeWorkflow({ ...change(request), workflowId: request.params.workflowId }),
  );
};
