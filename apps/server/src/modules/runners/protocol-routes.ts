import {
  ClaimResponseSchema,
  CompleteRunSchema,
  LogBatchResponseSchema,
  LogBatchSchema,
  RegisterRunnerRequestSchema,
  RegisterRunnerResponseSchema,
  RUNNER_API_PREFIX,
  RunControlSchema,
  RunnerSelfSchema,
  RunParamsSchema,
  StepParamsSchema,
  StepReportSchema,
} from "@flowdeck/shared/runners/protocol";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { claimRun } from "../runs/claim-run.ts";
import { completeRun, heartbeat, reportStep } from "../runs/report-run.ts";
import { storeLogBatch } from "../runs/store-logs.ts";
import { claimerOf, describeRunner, registerRunner, revokeRunner } from "./service.ts";
import { originOf, runnerScopeOf } from "../../lib/scope.ts";

const EmptyBodySchema = z
  .object({})
  .nullish()
  .transform((body) => body ?? {});

/**
 * The runner protocol (docs/runner-protocol.md; schemas in packages/shared/src/runners/protocol.ts),
 * spoken by `flowdeck-runner`. Its own authentication: the runner's secret, never a user's cookie.
 */
export const runnerProtocolRoutes: FastifyPluginAsyncZod = async (app) => {
  const { claimHoldMs, leaseMs, logMaxBytes } = app.config.runners;
  const runCall = (request: FastifyRequest, runId: string) => ({ scope: runnerScopeOf(request), runId, leaseMs });

  // Claims held open end at once when the server shuts down.
  const waiting = new Set<AbortController>();
  app.addHook("preClose", async () => {
    for (const controller of waiting) controller.abort();
  });

  // Not a user's route: the session hook passes it by (public), this plugin's hook authenticates it.
  const config = { public: true } as const;

  app.post(
    `${RUNNER_API_PREFIX}/register`,
    {
      config: { ...config, runnerPublic: true },
      schema: { body: RegisterRunnerRequestSchema, response: { 201: RegisterRunnerResponseSchema } },
    },
    async (request, reply) => {
      reply.status(201);
      return registerRunner({ db: app.db, events: app.events, input: request.body, origin: originOf(request) });
    },
  );

  app.get(`${RUNNER_API_PREFIX}/runner`, { config, schema: { response: { 200: RunnerSelfSchema } } }, async (request) =>
    describeRunner(runnerScopeOf(request)),
  );

  app.delete(`${RUNNER_API_PREFIX}/runner`, { config }, async (request, reply) => {
    const scope = runnerScopeOf(request);
    await revokeRunner({ ...scope, runnerId: scope.actor.runnerId });
    return reply.status(204).send();
  });

  app.post(
    `${RUNNER_API_PREFIX}/jobs/claim`,
    { config, schema: { body: EmptyBodySchema, response: { 200: ClaimResponseSchema } } },
    async (request, reply) => {
      const controller = new AbortController();
      waiting.add(controller);
      // The runner hung up: stop holding its claim.
      const hangUp = () => controller.abort();
      reply.raw.once("close", hangUp);
      try {
        const scope = runnerScopeOf(request);
        return await claimRun({
          scope,
          runner: await claimerOf(scope),
          holdMs: claimHoldMs,
          leaseMs,
          signal: controller.signal,
        });
      } finally {
        waiting.delete(controller);
        reply.raw.off("close", hangUp);
      }
    },
  );

  app.post(
    `${RUNNER_API_PREFIX}/runs/:runId/heartbeat`,
    { config, schema: { params: RunParamsSchema, body: EmptyBodySchema, response: { 200: RunControlSchema } } },
    async (request) => heartbeat(runCall(request, request.params.runId)),
  );

  app.post(
    `${RUNNER_API_PREFIX}/runs/:runId/steps/:position`,
    {
      config,
      schema: {
        params: StepParamsSchema,
        body: StepReportSchema,
        response: { 200: RunControlSchema },
      },
    },
    async (request) =>
      reportStep({
        ...runCall(request, request.params.runId),
        position: request.params.position,
        report: request.body,
      }),
  );

  app.post(
    `${RUNNER_API_PREFIX}/runs/:runId/logs`,
    {
      config: { ...config, outputText: true },
      bodyLimit: 4 * 1024 * 1024,
      schema: { params: RunParamsSchema, body: LogBatchSchema, response: { 200: LogBatchResponseSchema } },
    },
    async (request) =>
      storeLogBatch({ ...runCall(request, request.params.runId), batch: request.body, maxBytes: logMaxBytes }),
  );

  app.post(
    `${RUNNER_API_PREFIX}/runs/:runId/complete`,
    { config, schema: { params: RunParamsSchema, body: CompleteRunSchema, response: { 200: RunControlSchema } } },
    async (request) => completeRun({ ...runCall(request, request.params.runId), ...request.body }),
  );
};
