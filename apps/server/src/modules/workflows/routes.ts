import {
  CreateWorkflowSchema,
  DeleteWorkflowResultSchema,
  ReorderStepsSchema,
  SetStepStatusSchema,
  UpdateWorkflowSchema,
  WorkflowCommandPageSchema,
  WorkflowCommandQuerySchema,
  WorkflowDetailSchema,
  WorkflowListQuerySchema,
  WorkflowPageSchema,
  WorkflowParamsSchema,
  WorkflowSchema,
  WorkflowStatsSchema,
  WorkflowStepParamsSchema,
} from "@flowdeck/shared/workflows/schemas";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createWorkflow, deleteWorkflow, reorderSteps, updateWorkflow } from "./change-workflow.ts";
import { completeWorkflow, setStepStatus, startWorkflow } from "./run-workflow.ts";
import { getWorkflow, getWorkflowStats, listSelectableCommands, listWorkflows } from "./service.ts";
import { scopeOf } from "../../lib/scope.ts";

const BASE = "/api/orgs/:orgId/workflows";

/**
 * Workflows: ordered commands with a schedule, progress and runs. Every member reads them; editors
 * and above change and run them.
 */
export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BASE,
    {
      config: { action: "workflows.read" },
      schema: { params: OrgParamsSchema, querystring: WorkflowListQuerySchema, response: { 200: WorkflowPageSchema } },
    },
    async (request) => {
      const { cursor, pageSize, ...filters } = request.query;
      return listWorkflows({ ...scopeOf(request), filters, page: { cursor, pageSize } });
    },
  );

  app.get(
    `${BASE}/stats`,
    {
      config: { action: "workflows.read" },
      schema: { params: OrgParamsSchema, response: { 200: WorkflowStatsSchema } },
    },
    async (request) => getWorkflowStats(scopeOf(request)),
  );

  app.get(
    `${BASE}/commands`,
    {
      config: { action: "workflows.read" },
      schema: {
        params: OrgParamsSchema,
        querystring: WorkflowCommandQuerySchema,
        response: { 200: WorkflowCommandPageSchema },
      },
    },
    async (request) => {
      const { cursor, pageSize, q } = request.query;
      return listSelectableCommands({ ...scopeOf(request), q, page: { cursor, pageSize } });
    },
  );

  app.get(
    `${BASE}/:workflowId`,
    {
      config: { action: "workflows.read" },
      schema: { params: WorkflowParamsSchema, response: { 200: WorkflowDetailSchema } },
    },
    async (request) => getWorkflow({ ...scopeOf(request), workflowId: request.params.workflowId }),
  );

  app.post(
    BASE,
    {
      config: { action: "workflows.create", idempotent: true },
      schema: { params: OrgParamsSchema, body: CreateWorkflowSchema, response: { 201: WorkflowSchema } },
    },
    async (request, reply) => {
      const workflow = await createWorkflow({
        ...scopeOf(request),
        input: request.body,
        idempotency: request.idempotency,
      });
      return reply.status(201).send(workflow);
    },
  );

  app.patch(
    `${BASE}/:workflowId`,
    {
      config: { action: "workflows.update" },
      schema: { params: WorkflowParamsSchema, body: UpdateWorkflowSchema, response: { 200: WorkflowSchema } },
    },
    async (request) =>
      updateWorkflow({ ...scopeOf(request), workflowId: request.params.workflowId, input: request.body }),
  );

  app.delete(
    `${BASE}/:workflowId`,
    {
      config: { action: "workflows.delete" },
      schema: { params: WorkflowParamsSchema, response: { 200: DeleteWorkflowResultSchema } },
    },
    async (request) => deleteWorkflow({ ...scopeOf(request), workflowId: request.params.workflowId }),
  );

  app.put(
    `${BASE}/:workflowId/steps/order`,
    {
      config: { action: "workflows.update" },
      schema: { params: WorkflowParamsSchema, body: ReorderStepsSchema, response: { 200: WorkflowSchema } },
    },
    async (request) =>
      reorderSteps({ ...scopeOf(request), workflowId: request.params.workflowId, stepIds: request.body.stepIds }),
  );

  app.patch(
    `${BASE}/:workflowId/steps/:stepId`,
    {
      config: { action: "workflows.run" },
      schema: { params: WorkflowStepParamsSchema, body: SetStepStatusSchema, response: { 200: WorkflowSchema } },
    },
    async (request) =>
      setStepStatus({
        ...scopeOf(request),
        workflowId: request.params.workflowId,
        stepId: request.params.stepId,
        status: request.body.status,
      }),
  );

  app.post(
    `${BASE}/:workflowId/start`,
    {
      config: { action: "workflows.run" },
      schema: { params: WorkflowParamsSchema, response: { 200: WorkflowSchema } },
    },
    async (request) => startWorkflow({ ...scopeOf(request), workflowId: request.params.workflowId }),
  );

  app.post(
    `${BASE}/:workflowId/complete`,
    {
      config: { action: "workflows.run" },
      schema: { params: WorkflowParamsSchema, response: { 200: WorkflowSchema } },
    },
    async (request) => completeWorkflow({ ...scopeOf(request), workflowId: request.params.workflowId }),
  );
};
