import { z } from "zod";
import { RunTargetSchema, TargetInputSchema, TargetSchema } from "./targets.ts";
import { OrgParamsSchema } from "../organizations/params.ts";
import { RUNNER_PLATFORMS, StepAttemptSchema } from "../runners/protocol.ts";
import { StoredRetryPolicySchema, StoredRunIfSchema } from "../workflows/step-control.ts";
import { ParameterSchema, PARAMETER_TYPES, ParameterValueSchema } from "../workflows/parameters.ts";
import { APPROVAL_LIMITS, RunApprovalSchema } from "./approvals.ts";
import { RUN_KINDS, RUN_STATUSES, RUN_STEP_STATUSES, RUN_TRIGGERS } from "./constants.ts";
import { APPROVAL_MESSAGES } from "./messages.ts";
import { FreezeNoticeSchema, FreezeOverrideSchema } from "../freeze-windows/schemas.ts";

/** How a run is carried out: by a runner (executed), or by people ticking its steps (a checklist, spec 4). */
export const RUN_MODES = ["executed", "checklist"] as const;
export type RunMode = (typeof RUN_MODES)[number];

/**
 * POST /api/orgs/:orgId/workflows/:workflowId/execute ("Run now"). A run is executed by default,
 * queued for a runner of `platform` (or of the platform an online matching runner has, else the
 * first the commands have); `"mode": "checklist"` asks for a checklist that people tick instead.
 * No body at all is an executed run on the default platform.
 */
export const ExecuteWorkflowSchema = z
  .object({
    platform: z.enum(RUNNER_PLATFORMS, { error: "Platform must be windows, linux or mac" }).optional(),
    mode: z.enum(RUN_MODES, { error: "Mode is executed or checklist" }).default("executed"),
    /**
     * The run's values by parameter name (run-options lists the declaration); left out, a
     * parameter takes its default. Checked on the server: a bad value is a 400 naming it.
     */
    parameters: z
      .record(z.string(), z.unknown(), { error: "Parameters are an object of names and values" })
      .optional()
      .meta({ example: { host: "web-2" } }),
    /** For a workflow that requires approval: the requester's note, shown to approvers (decision 067). */
    note: z.string().trim().max(APPROVAL_LIMITS.note, APPROVAL_MESSAGES.noteTooLong).optional(),
    /**
     * For a workflow that asks to type its name before running: the name, exactly. A person's run
     * (a session) is refused without it; a token's run (a script) and the scheduler are not asked.
     */
    confirmName: z.string().max(500).optional(),
    /**
     * During a freeze window (decision 071), an admin's or owner's reason to start it anyway:
     * audited and shown on the run. Without it, such a run is refused naming the window.
     */
    override: FreezeOverrideSchema.optional(),
    /**
     * Narrows the workflow's target for this run (decision 080): one of its matching runners
     * (`{ "mode": "runner", "runnerId": "…" }`), or any one runner of a workflow on every matching
     * runner; never wider than the workflow's selector.
     */
    target: TargetInputSchema.optional(),
  })
  .nullish()
  .transform((body) => body ?? { mode: "executed" as const });
export type ExecuteWorkflowInput = z.input<typeof ExecuteWorkflowSchema>;
export const RunStepSchema = z.object({
  id: z.string(),
  stepId: z.string().nullable(),
  position: z.number().int(),
  name: z.string(),
  status: z.enum(RUN_STEP_STATUSES),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** An executed run's command line for its platform, as it was when the run was queued. */
  command: z.string().nullable(),
  continueOnError: z.boolean(),
  exitCode: z.number().int().nullable(),
  signal: z.string().nullable(),
  /** The retry policy and run-if it was queued with (decision 072). */
  retry: StoredRetryPolicySchema.nullable(),
  runIf: StoredRunIfSchema,
  /** Each attempt's exit code and times; its output is in the log between "Attempt n of m" lines. */
  attempts: z.array(StepAttemptSchema),
  /** Why the runner skipped it ("an earlier step failed", "env is not prod"); null otherwise. */
  skipReason: z.string().nullable(),
});
export type RunStep = z.infer<typeof RunStepSchema>;

/** One execution (spec 3 executionHistory entry {startedAt, startedBy, status}), as a record. */
export const WorkflowRunSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  trigger: z.enum(RUN_TRIGGERS),
  /** The run whose end started this one (trigger run-after); null otherwise. */
  triggeredByRunId: z.string().nullable(),
  /** Null when the scheduler or a webhook started it. */
  startedBy: z.string().nullable(),
  startedByName: z.string().nullable(),
  status: z.enum(RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** "Checklist" (ticked by people) or "Executed on <runner>". */
  kind: z.enum(RUN_KINDS),
  platform: z.enum(RUNNER_PLATFORMS).nullable(),
  /** The runner that claimed it, once one has. */
  runner: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Cancel was asked for; a running run stops at its runner's next call. */
  cancelRequested: z.boolean(),
  /** Kept whatever the retention (decision 029). */
  pinned: z.boolean(),
  /** How many steps it has, how many succeeded and how many were skipped: lists show them without the steps. */
  stepCounts: z.object({ total: z.number().int(), done: z.number().int(), skipped: z.number().int() }),
  /** The values the run was given by parameter name (null: an optional one left empty). */
  parameters: z.record(z.string(), ParameterValueSchema.nullable()),
  /** Each parameter's label and type as they were when the run started, in order. */
  parameterLabels: z.array(z.object({ name: z.string(), label: z.string(), type: z.enum(PARAMETER_TYPES) })),
  /** Why a skipped run did not run: "freeze window: <reason>" (decision 071); null otherwise. */
  skipReason: z.string().nullable(),
  /** The reason an admin or owner gave for starting it during a freeze window; null otherwise. */
  freezeOverride: z.string().nullable(),
  steps: z.array(RunStepSchema),
  /**
   * What its steps wrote to FLOWDECK_OUTPUT, by step key (`step1`, `step2`…: the one-based
   * position) then name: `{ "step1": { "version": "1.2.3" } }`. Masked; capped at 64 KB per run.
   */
  outputs: z.record(z.string(), z.record(z.string(), z.string())).meta({ example: { step1: { version: "1.2.3" } } }),
  /** Some outputs were left out: the run's outputs reached the cap. */
  outputsTruncated: z.boolean(),
});
export type WorkflowRun = z.infer<typeof WorkflowRunSchema>;

export const LastRunSchema = WorkflowRunSchema.omit({ steps: true, outputs: true, outputsTruncated: true });
export type LastRun = z.infer<typeof LastRunSchema>;

/**
 * The runners that could take a queued run: of its platform and with every label it asks for,
 * registered (not revoked) and online.
 */
export const MatchingRunnersSchema = z.object({
  labels: z.array(z.string()),
  registered: z.number().int(),
  online: z.number().int(),
});
export type MatchingRunners = z.infer<typeof MatchingRunnersSchema>;

/** GET /api/orgs/:orgId/runs/:runId: one run with its steps, for the run view. */
export const RunDetailSchema = WorkflowRunSchema.extend({
  workflowName: z.string(),
  /** Trigger `run-after`: the workflow whose run started this one (null once that run is deleted). */
  triggeredByWorkflowName: z.string().nullable(),
  /** The output reached the organization's cap and was cut. */
  logTruncated: z.boolean(),
  /** While an executed run is queued: the runners that could take it (null otherwise). */
  matchingRunners: MatchingRunnersSchema.nullable(),
  /** The labels a runner must have to take it (its target, with `platform`). */
  requiredLabels: z.array(z.string()),
  /** A run of a workflow that requires approval: what it needs and the decisions so far (decision 067). */
  approval: RunApprovalSchema.nullable(),
  /** Where it was asked to go (decision 080); null for a checklist and for runs from before targets. */
  target: TargetSchema.nullable(),
  /** A run on every matching runner: one target per runner, in name order; empty otherwise. */
  targets: z.array(RunTargetSchema),
  /** A fan-out's target: the run it belongs to; null otherwise. */
  parentRunId: z.string().nullable(),
});
export type RunDetail = z.infer<typeof RunDetailSchema>;

/** GET /api/orgs/:orgId/workflows/:workflowId/run-options: what Run now offers. */
export const RunOptionsSchema = z.object({
  /**
   * The platforms the workflow's commands have lines for, with the organization's runners of each
   * that have every label the workflow asks for (the only ones that could take its run).
   */
  platforms: z.array(
    z.object({ platform: z.enum(RUNNER_PLATFORMS), runnersOnline: z.number().int(), runners: z.number().int() }),
  ),
  /** The labels a runner must have to take the workflow's runs. */
  labels: z.array(z.string()),
  /**
   * Where a run goes when nobody chooses: a platform an online matching runner has, else one a
   * registered matching runner has, else the first with commands; null only without any command.
   */
  defaultPlatform: z.enum(RUNNER_PLATFORMS).nullable(),
  /** The workflow's parameters: what a run's `parameters` may carry (docs/decisions/061). */
  parameters: z.array(ParameterSchema),
  /** Its runs wait for approval: Run now asks for a note to the approvers (decision 067). */
  requiresApproval: z.boolean(),
  /** Run now asks to type the workflow's name (`confirmName` in the execute body). */
  confirmName: z.boolean(),
  /**
   * For a workflow that respects freeze windows: the window in force now (`active`), else the next
   * one within 24 hours; null when none (decision 071).
   */
  freeze: FreezeNoticeSchema.extend({ active: z.boolean() }).nullable(),
  /** Where its runs go (decision 080): Run now may narrow it to one of `runners`. */
  target: TargetSchema,
  /** The organization's runners that match the workflow's labels, by name: where a run may go. */
  runners: z.array(
    z.object({ id: z.string(), name: z.string(), platform: z.enum(RUNNER_PLATFORMS), online: z.boolean() }),
  ),
});
export type RunOptions = z.infer<typeof RunOptionsSchema>;

export const RunViewParamsSchema = OrgParamsSchema.extend({ runId: z.string().trim().min(1).max(100) });

/**
 * GET /api/orgs/:orgId/runs/:runId/logs?after=<id>: the run's output after a chunk, in order;
 * with `until=<id>`, only up to that chunk (the output the run view's stream left out before its tail).
 */
export const RunLogQuerySchema = z.object({
  after: z.coerce.number().int().min(0).default(0),
  until: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(2000),
  /** A fan-out's target (decision 080): reads that target's output. */
  targetId: z.string().trim().min(1).max(100).optional(),
});

/**
 * GET /api/orgs/:orgId/runs/:runId/stream?after=<id>&tail=<bytes>: `tail` asks a stream opened at
 * the start (`after=0`, no Last-Event-ID) for only the output's last chunks whose bytes together stay
 * within it (at least the last chunk), after an `earlier` event saying what was left out.
 */
export const RunStreamQuerySchema = RunLogQuerySchema.pick({ after: true }).extend({
  tail: z.coerce
    .number()
    .int()
    .min(1)
    .max(64 * 1024 * 1024)
    .optional(),
});

/** The run stream's `earlier` event: the output before the tail, which it did not send. */
export const RunLogEarlierSchema = z.object({
  /** The last chunk left out: GET …/logs?until=<until> reads them. */
  until: z.number().int(),
  /** The bytes left out, by step position. */
  steps: z.array(z.object({ position: z.number().int(), bytes: z.number().int() })),
});
export type RunLogEarlier = z.infer<typeof RunLogEarlierSchema>;

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
