import { z } from "zod";
import { OrgParamsSchema } from "../organizations/params.ts";
import { RUN_STATUSES } from "../workflows/constants.ts";
import { RUNNER_PLATFORMS, RunnerLabelsSchema, RunnerNameSchema } from "./protocol.ts";

/** POST /api/orgs/:orgId/runners/registration-tokens: the token, shown once, and what to run with it. */
export const RegistrationTokenSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  /** `npx flowdeck-runner register --url <APP_URL> --token fdr_…`, ready to copy. */
  command: z.string(),
});
export type RegistrationToken = z.infer<typeof RegistrationTokenSchema>;

export const RunnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  os: z.enum(RUNNER_PLATFORMS),
  arch: z.string(),
  labels: z.array(z.string()),
  version: z.string(),
  lastSeenAt: z.string(),
  /** Heard from within RUNNER_TIMINGS.offlineAfterMs and not revoked. */
  online: z.boolean(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The run it is executing, if any. */
  currentRun: z
    .object({
      id: z.string(),
      workflowId: z.string(),
      workflowName: z.string(),
      status: z.enum(RUN_STATUSES),
    })
    .nullable(),
});
export type Runner = z.infer<typeof RunnerSchema>;

export const RunnerListSchema = z.object({ items: z.array(RunnerSchema) });
export type RunnerList = z.infer<typeof RunnerListSchema>;

/** PATCH /api/orgs/:orgId/runners/:runnerId: rename, or set its labels. */
export const UpdateRunnerSchema = z
  .object({ name: RunnerNameSchema.optional(), labels: RunnerLabelsSchema.optional() })
  .refine((body) => body.name !== undefined || body.labels !== undefined, "Send a name or labels to change");
export type UpdateRunnerInput = z.input<typeof UpdateRunnerSchema>;

export const RunnerParamsSchema = OrgParamsSchema.extend({ runnerId: z.string().trim().min(1).max(100) });

export const RunViewParamsSchema = OrgParamsSchema.extend({ runId: z.string().trim().min(1).max(100) });

/** GET /api/orgs/:orgId/runs/:runId/logs?after=<id>: the run's output after a chunk, in order. */
export const RunLogQuerySchema = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(2000),
});

export const RunLogChunkSchema = z.object({
  id: z.number().int(),
  /** Zero-based step position. */
  position: z.number().int(),
  stream: z.enum(["stdout", "stderr", "system"]),
  text: z.string(),
});
export type RunLogChunk = z.infer<typeof RunLogChunkSchema>;

export const RunLogPageSchema = z.object({
  items: z.array(RunLogChunkSchema),
  /** Pass as `after` for the next page (the last chunk's id, or the one given when none came). */
  next: z.number().int(),
});
export type RunLogPage = z.infer<typeof RunLogPageSchema>;
