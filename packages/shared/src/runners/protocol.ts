import { z } from "zod";
import { TASK_PLATFORMS } from "../tasks/constants.ts";
import { DEFAULT_RUN_IF, RetryPolicySchema, RunIfSchema, STEP_CONTROL_LIMITS } from "../workflows/step-control.ts";

/**
 * The runner protocol: what `flowdeck-runner` and the server say to each other under
 * /api/runner/v1 (docs/runner-protocol.md). Both sides validate with these schemas, so they
 * cannot drift apart. The runner only ever makes outbound HTTP(S) requests.
 */

export const RUNNER_API_PREFIX = "/api/runner/v1";

/** Sent by the runner on every call; a runner older than MIN_RUNNER_VERSION is refused (412). */
export const RUNNER_VERSION_HEADER = "flowdeck-runner-version";
export const MIN_RUNNER_VERSION = "0.1.0";

/** Prefixes that secret scanners can recognise (RUNNERS.md). */
export const REGISTRATION_TOKEN_PREFIX = "fdr_";
export const RUNNER_SECRET_PREFIX = "fdrs_";

/** A runner's platform is one of a command's platforms: it runs that line of each command. */
export const RUNNER_PLATFORMS = TASK_PLATFORMS;
export type RunnerPlatform = (typeof RUNNER_PLATFORMS)[number];

export const RUNNER_TIMINGS = {
  /** The server holds a claim this long when there is no work, then answers `{ job: null }`. */
  claimHoldMs: 25_000,
  /** A runner executing a run calls heartbeat this often; the answer carries cancellation. */
  heartbeatMs: 3_000,
  /** A run whose runner has not called for this long is marked lost. */
  leaseMs: 60_000,
  /** A runner not heard from for this long shows offline and is never given work. */
  offlineAfterMs: 60_000,
  /** The runner sends buffered output at least this often while there is some… */
  logFlushMs: 500,
  /** …and as soon as this much is buffered. */
  logBatchBytes: 64 * 1024,
  /** Registration tokens are valid this long, once. */
  registrationTokenMs: 60 * 60 * 1000,
} as const;

/**
 * How a step's process tree is stopped on cancel or timeout (GitHub Actions' ladder): the process
 * group gets SIGINT, then SIGTERM after 7.5 s, then SIGKILL 2.5 s later. On Windows,
 * `taskkill /T`, then `taskkill /T /F` after the same delays.
 */
export const STOP_LADDER_MS = { interruptToTerminate: 7_500, terminateToKill: 2_500 } as const;

export const RUNNER_LIMITS = {
  name: 100,
  label: 50,
  labels: 20,
  /** Text in one log batch, in characters. */
  batchText: 256 * 1024,
  /** Chunks in one log batch. */
  batchChunks: 1_000,
} as const;

const LABEL_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;

export const RunnerNameSchema = z
  .string({ error: "A runner name is required" })
  .trim()
  .min(1, "A runner name is required")
  .max(RUNNER_LIMITS.name, `A runner name must be at most ${RUNNER_LIMITS.name} characters`)
  .refine((name) => !/\p{Cc}/u.test(name), "A runner name must be a single line");

export const RunnerLabelSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "A label cannot be blank")
  .max(RUNNER_LIMITS.label, `A label must be at most ${RUNNER_LIMITS.label} characters`)
  .regex(LABEL_PATTERN, "Labels use lowercase letters, digits, '.', '_' and '-', starting with a letter or digit");

export const RunnerLabelsSchema = z
  .array(RunnerLabelSchema)
  .max(RUNNER_LIMITS.labels, `At most ${RUNNER_LIMITS.labels} labels`)
  .transform((labels) => [...new Set(labels)]);

const versionField = z
  .string()
  .trim()
  .regex(/^\d+\.\d+\.\d+([-+].*)?$/, "A version is major.minor.patch");

/** POST /register (no credential: the registration token is in the body). */
export const RegisterRunnerRequestSchema = z.object({
  token: z.string().trim().min(1, "A registration token is required").max(200),
  name: RunnerNameSchema,
  labels: RunnerLabelsSchema.default([]),
  os: z.enum(RUNNER_PLATFORMS, { error: "os must be linux, mac or windows" }),
  arch: z.string().trim().min(1).max(20),
  version: versionField,
});
export type RegisterRunnerRequest = z.input<typeof RegisterRunnerRequestSchema>;

/** The runner's credential, shown once: it goes into runner.json and never to the log. */
export const RegisterRunnerResponseSchema = z.object({
  runnerId: z.string(),
  secret: z.string(),
  name: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
});
export type RegisterRunnerResponse = z.output<typeof RegisterRunnerResponseSchema>;

/** GET /runner: who this credential is (`flowdeck-runner status`). */
export const RunnerSelfSchema = z.object({
  id: z.string(),
  name: z.string(),
  labels: z.array(z.string()),
  os: z.enum(RUNNER_PLATFORMS),
  arch: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
});
export type RunnerSelf = z.output<typeof RunnerSelfSchema>;

export const JobStepSchema = z.object({
  /** Zero-based position in the run; the key of the step in every later call. */
  position: z.number().int().min(0),
  name: z.string(),
  /** The command line for the run's platform, as it was when the run was queued; null: skip the step. */
  command: z.string().nullable(),
  continueOnError: z.boolean(),
  /** Null: only the run's timeout applies. */
  timeoutSeconds: z.number().int().positive().nullable(),
  /** Attempts after a failure (decision 072); null: none. */
  retry: RetryPolicySchema.nullable().default(null),
  /** When the step runs, decided by the runner from the steps before it and the run's parameters. */
  runIf: RunIfSchema.default(DEFAULT_RUN_IF),
});
export type JobStep = z.output<typeof JobStepSchema>;

/** A run given to a runner: everything it needs to execute, and nothing else. */
export const JobSchema = z.object({
  runId: z.string(),
  organizationId: z.string(),
  workflowId: z.string(),
  workflowName: z.string(),
  platform: z.enum(RUNNER_PLATFORMS),
  timeoutSeconds: z.number().int().positive(),
  /** FLOWDECK_RUN_ID, FLOWDECK_WORKFLOW, FLOWDECK_ORGANIZATION; the runner adds FLOWDECK_STEP per step. */
  env: z.record(z.string(), z.string()),
  /**
   * The organization's secrets the workflow lists, by name: given to this runner for this run only,
   * put in each step's environment under their names, and masked in every line of output.
   */
  secrets: z.record(z.string(), z.string()).default({}),
  steps: z.array(JobStepSchema),
  /**
   * The server takes the last step's report with the run's completion (CompleteRunSchema's
   * `step`). A server that does not say so gets the two calls, as before.
   */
  completeTakesStep: z.boolean().default(false),
});
export type Job = z.output<typeof JobSchema>;

/** POST /jobs/claim: held up to RUNNER_TIMINGS.claimHoldMs. */
export const ClaimResponseSchema = z.object({ job: JobSchema.nullable() });
export type ClaimResponse = z.output<typeof ClaimResponseSchema>;

/**
 * Every call about a run answers this. `cancel` true: stop the run's process tree now — the run
 * was cancelled by a person, or it is no longer this runner's (`reason` says which).
 */
export const RunControlSchema = z.object({
  cancel: z.boolean(),
  reason: z.enum(["cancelled", "lost", "finished"]).nullable(),
});
export type RunControl = z.output<typeof RunControlSchema>;

export const LOG_STREAMS = ["stdout", "stderr", "system"] as const;
export type LogStream = (typeof LOG_STREAMS)[number];

export const LogChunkSchema = z.object({
  position: z.number().int().min(0),
  stream: z.enum(LOG_STREAMS),
  text: z.string().max(RUNNER_LIMITS.batchText),
});
export type LogChunk = z.output<typeof LogChunkSchema>;

/**
 * POST /runs/:runId/logs. Batches are numbered from 1 per run and sent in order. A batch the
 * server already has is acknowledged and not stored again; a batch after a gap is refused with
 * 409 and `nextSeq`, so the runner resends from there.
 */
export const LogBatchSchema = z.object({
  seq: z.number().int().min(1),
  chunks: z.array(LogChunkSchema).min(1).max(RUNNER_LIMITS.batchChunks),
});
export type LogBatch = z.output<typeof LogBatchSchema>;

export const LogBatchResponseSchema = RunControlSchema.extend({
  /** The sequence number the server expects next. */
  nextSeq: z.number().int().min(1),
});
export type LogBatchResponse = z.output<typeof LogBatchResponseSchema>;

/** How a step ended, as the runner saw it. */
export const STEP_OUTCOMES = ["succeeded", "failed", "skipped", "cancelled", "timed-out"] as const;
export type StepOutcome = (typeof STEP_OUTCOMES)[number];

/** One attempt of a step: its exit code and when it ran. */
export const StepAttemptSchema = z.object({
  exitCode: z.number().int().nullable(),
  startedAt: z.string(),
  endedAt: z.string(),
});
export type StepAttempt = z.output<typeof StepAttemptSchema>;

/** A step's end: its outcome, exit code, attempts and outputs. */
const FinishedStepReportSchema = z.object({
  state: z.literal("finished"),
  outcome: z.enum(STEP_OUTCOMES),
  exitCode: z.number().int().nullable(),
  /** The signal that ended the process (e.g. "SIGTERM"), if any. */
  signal: z.string().max(20).nullable(),
  /** Each attempt of the step, in order, when it was retried or simply ran (decision 072). */
  attempts: z
    .array(StepAttemptSchema)
    .max(STEP_CONTROL_LIMITS.attempts + 1)
    .default([]),
  /** What the step wrote to FLOWDECK_OUTPUT, masked; within the run's cap. */
  outputs: z.record(z.string().max(STEP_CONTROL_LIMITS.outputKey), z.string()).default({}),
  /** Some outputs were left out: the run's outputs reached STEP_CONTROL_LIMITS.outputBytes. */
  outputsTruncated: z.boolean().default(false),
  /** Why a skipped step was skipped ("an earlier step failed", "env is not prod"). */
  reason: z.string().max(500).nullable().default(null),
});

/** POST /runs/:runId/steps/:position. Repeating the same report is harmless. */
export const StepReportSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("started") }),
  FinishedStepReportSchema,
]);
export type StepReport = z.output<typeof StepReportSchema>;

/** How a run ended, as the runner saw it. */
export const RUN_OUTCOMES = ["succeeded", "failed", "cancelled", "timed-out"] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/**
 * POST /runs/:runId/complete. Repeating it is harmless. `step`: the run's last step report comes
 * with it (one call instead of two), sent only to a server whose job says it takes it
 * (`Job.completeTakesStep`); it is recorded first, exactly as POST …/steps/:position records it.
 */
export const CompleteRunSchema = z.object({
  outcome: z.enum(RUN_OUTCOMES),
  step: z.object({ position: z.number().int().min(0).max(10_000), report: FinishedStepReportSchema }).optional(),
});
export type CompleteRun = z.output<typeof CompleteRunSchema>;

export const RunParamsSchema = z.object({ runId: z.string().min(1).max(100) });
export const StepParamsSchema = RunParamsSchema.extend({ position: z.coerce.number().int().min(0).max(10_000) });

/** Compares "major.minor.patch" versions; pre-release suffixes are ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) =>
    version
      .split(/[-+]/)[0]!
      .split(".")
      .map((part) => Number(part) || 0);
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < 3; index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}
