import {
  HistoryRunnersSchema,
  OrgRunsPageSchema,
  OrgRunsQuerySchema,
  RunHistoryPageSchema,
  RunHistoryQuerySchema,
  WorkflowHealthSchema,
} from "@flowdeck/shared/runs/history";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import {
  ExecuteWorkflowSchema,
  RunDetailSchema,
  RunLogPageSchema,
  RunLogQuerySchema,
  RunOptionsSchema,
  RunStreamQuerySchema,
  RunViewParamsSchema,
} from "@flowdeck/shared/runs/schemas";
import { WorkflowParamsSchema } from "@flowdeck/shared/workflows/schemas";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  APPROVAL_DECISIONS,
  ApprovalDecisionBodySchema,
  PendingApprovalListSchema,
} from "@flowdeck/shared/runs/approvals";
import { decideRun, listPendingApprovals } from "./approvals.ts";
import { executeWorkflow } from "./execute-workflow.ts";
import { retryFailedTargets } from "./retry-failed.ts";
import { getHistoryRunners, getOrgRuns, getRunHistory, getRunOptions, getWorkflowHealth } from "./history.ts";
import { MAX_STREAMS_PER_PERSON, streamLimitsOf } from "../../lib/stream-limits.ts";
import { createRunFeeds } from "./run-stream.ts";
import { cancelRun, getRun, getRunLog, runLogText } from "./service.ts";
import { scopeOf } from "../../lib/scope.ts";

const ORG = "/api/orgs/:orgId";
const RUN = `${ORG}/runs/:runId`;
const WORKFLOW = `${ORG}/workflows/:workflowId`;

/**
 * Runs: starting one (Run now), the run view (a run, its live stream, its output, Cancel), a
 * workflow's history and the dashboard's health panel. Every member reads them; editors and above
 * run and cancel; approvers approve or reject a run that awaits approval.
 */
export const runRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = (request: FastifyRequest, params: { runId: string }) => ({
    db: app.db,
    organizationId: scopeOf(request).organizationId,
    runId: params.runId,
  });
  const reader = (request: FastifyRequest) => ({ db: app.db, organizationId: scopeOf(request).organizationId });
  const feeds = createRunFeeds({
    db: app.db,
    events: app.events,
    heartbeatMs: app.config.sseHeartbeatMs,
    limits: streamLimitsOf(app.server, {
      perPerson: MAX_STREAMS_PER_PERSON,
      perOrganization: app.config.liveStreamsPerOrganization,
    }),
  });
  // On shutdown, end the streams first: they would otherwise hold the server open.
  app.addHook("preClose", async () => feeds.closeAll());

  app.post(
    `${WORKFLOW}/execute`,
    {
      config: { action: "workflows.run", idempotent: true },
      schema: { params: WorkflowParamsSchema, body: ExecuteWorkflowSchema, response: { 201: RunDetailSchema } },
    },
    async (request, reply) => {
      const run = await executeWorkflow({
        ...scopeOf(request),
        workflowId: request.params.workflowId,
        idempotency: request.idempotency,
        request: request.body,
      });
      return reply.status(201).send(run);
    },
  );

  app.get(
    `${WORKFLOW}/run-options`,
    {
      config: { action: "workflows.read" },
      schema: { params: WorkflowParamsSchema, response: { 200: RunOptionsSchema } },
    },
    async (request) => getRunOptions({ ...reader(request), workflowId: request.params.workflowId }),
  );

  // Run history that stays fast (decision 030).
  app.get(
    `${WORKFLOW}/history`,
    {
      config: { action: "workflows.read" },
      schema: {
        params: WorkflowParamsSchema,
        querystring: RunHistoryQuerySchema,
        response: { 200: RunHistoryPageSchema },
      },
    },
    async (request) =>
      getRunHistory({ ...reader(request), workflowId: request.params.workflowId, query: request.query }),
  );

  // Every run of the organization, the same filters and pages (decision 087).
  app.get(
    `${ORG}/runs`,
    {
      config: { action: "workflows.read" },
      schema: { params: OrgParamsSchema, querystring: OrgRunsQuerySchema, response: { 200: OrgRunsPageSchema } },
    },
    async (request) => getOrgRuns({ ...reader(request), query: request.query }),
  );

  app.get(
    `${ORG}/history/runners`,
    {
      config: { action: "workflows.read" },
      schema: { params: OrgParamsSchema, response: { 200: HistoryRunnersSchema } },
    },
    async (request) => getHistoryRunners(reader(request)),
  );

  app.get(
    `${ORG}/workflow-health`,
    {
      config: { action: "workflows.read" },
      schema: { params: OrgParamsSchema, response: { 200: WorkflowHealthSchema } },
    },
    async (request) => getWorkflowHealth(reader(request)),
  );

  app.get(
    RUN,
    {
      config: { action: "workflows.read" },
      schema: { params: RunViewParamsSchema, response: { 200: RunDetailSchema } },
    },
    async (request) => getRun(scope(request, request.params)),
  );

  // The run view's one source: the run's state and its output as they are stored (docs/decisions/059).
  app.get(
    `${RUN}/stream`,
    {
      config: { action: "workflows.read" },
      schema: { params: RunViewParamsSchema, querystring: RunStreamQuerySchema },
    },
    async (request, reply) => {
      const lastEventId = Number(request.headers["last-event-id"]);
      const after = Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : request.query.after;
      await feeds.watch({ ...scope(request, request.params), request, reply, after, tail: request.query.tail });
    },
  );

  app.get(
    `${RUN}/logs`,
    {
      config: { action: "workflows.read" },
      schema: { params: RunViewParamsSchema, querystring: RunLogQuerySchema, response: { 200: RunLogPageSchema } },
    },
    async (request) => getRunLog({ ...scope(request, request.params), ...request.query }),
  );

  app.get(
    `${RUN}/log.txt`,
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

  // Four-eyes approval (decision 067): people decide, tokens are refused (runs.approve is people-only).
  for (const decision of APPROVAL_DECISIONS) {
    app.post(
      `${RUN}/${decision === "approved" ? "approve" : "reject"}`,
      {
        config: { action: "runs.approve" },
        schema: { params: RunViewParamsSchema, body: ApprovalDecisionBodySchema, response: { 200: RunDetailSchema } },
      },
      async (request) =>
        decideRun({ ...scopeOf(request), runId: request.params.runId, decision, comment: request.body.comment }),
    );
  }

  app.get(
    `${ORG}/approvals`,
    {
      config: { action: "approvals.read" },
      schema: { params: OrgParamsSchema, response: { 200: PendingApprovalListSchema } },
    },
    async (request) => listPendingApprovals({ ...reader(request), actor: request.actor }),
  );

  // Fleets (decision 080): a new run over only the targets that failed.
  app.post(
    `${RUN}/retry-failed`,
    {
      config: { action: "workflows.run", idempotent: true },
      schema: { params: RunViewParamsSchema, response: { 201: RunDetailSchema } },
    },
    async (request, reply) => {
      const run = await retryFailedTargets({
        ...scopeOf(request),
        runId: request.params.runId,
        idempotency: request.idempotency,
      });
      return reply.status(201).send(run);
    },
  );

  app.post(
    `${RUN}/cancel`,
    { config: { action: "runs.cancel" }, schema: { params: RunViewParamsSchema, response: { 200: RunDetailSchema } } },
    async (request) => cancelRun({ ...scopeOf(request), runId: request.params.runId }),
  );
};
