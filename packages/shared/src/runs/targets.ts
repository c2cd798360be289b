import { z } from "zod";
import { RUNNER_PLATFORMS } from "../runners/protocol.ts";
import { RUN_STATUSES, type RunStatus } from "./constants.ts";

/**
 * Where a run goes (decision 080): any one runner that matches the workflow's selector (OS and
 * labels), a chosen runner (pinned: the run waits for it), or every runner that matches (a
 * fan-out: one target per runner, each with the command line for its own OS).
 */
export const TARGET_MODES = ["any", "runner", "all"] as const;
export type TargetMode = (typeof TARGET_MODES)[number];

export const TARGET_MODE_LABELS: Record<TargetMode, string> = {
  any: "Any one matching runner",
  runner: "A chosen runner",
  all: "Every matching runner",
};

export const TARGET_LIMITS = { offlineWaitMinutes: 24 * 60, batchSize: 1000 } as const;

export const TARGET_MESSAGES = {
  runnerRequired: "Choose the runner this workflow runs on",
  runnerNotFound: "No runner of this organization has that id",
  runnerNotMatching: "That runner does not have every label the workflow asks for",
  batchSize: "Targets at once is a whole number from 1, or a percentage such as 50%",
  threshold: "The success threshold is a whole percentage from 1 to 100",
  offlineWait: `Waiting for an offline runner takes 0 to ${TARGET_LIMITS.offlineWaitMinutes} minutes`,
  widen: "A run can only narrow the workflow's target: choose one of its matching runners",
  pinnedElsewhere: "This workflow runs on one chosen runner; a run cannot go to another",
  noTargets: "No runner matches this workflow's labels",
  noFailedTargets: "No target of this run failed",
  notFanOut: "Only a run on every matching runner has targets to retry",
  targetNotFound: "This run has no such target",
  offlineSkipped: "The runner was offline when the run started",
  offlineWaited: (minutes: number) => `The runner did not come online within ${minutes} minutes`,
  noCommand: (platform: string) => `No step has a command for ${platform}`,
  stoppedAfterFailure: "Not started: another target failed and the run stops after the first failure",
  runnerRevoked: "Its runner was revoked before it took the run",
} as const;

/** "2" or "50%": how many targets run at once; null: all of them. */
const BatchSizeSchema = z.union(
  [
    z.number().int().min(1).max(TARGET_LIMITS.batchSize),
    z.string().regex(/^(100|[1-9]\d?)%$/, TARGET_MESSAGES.batchSize),
  ],
  { error: TARGET_MESSAGES.batchSize },
);
export type BatchSize = z.infer<typeof BatchSizeSchema>;

/**
 * `"target"` in a workflow's create and update bodies, and in the execute body (to narrow one run).
 * Left out fields take their defaults: any one runner, all targets at once, stop starting new
 * targets after the first failure, every target must succeed, offline runners are skipped at once.
 */
export const TargetInputSchema = z
  .object({
    mode: z.enum(TARGET_MODES, { error: "Target mode is any, runner or all" }).default("any"),
    runnerId: z.string().trim().min(1).max(100).nullish(),
    batchSize: BatchSizeSchema.nullish(),
    keepGoing: z.boolean({ error: "keepGoing must be true or false" }).default(false),
    successThreshold: z
      .number({ error: TARGET_MESSAGES.threshold })
      .int(TARGET_MESSAGES.threshold)
      .min(1, TARGET_MESSAGES.threshold)
      .max(100, TARGET_MESSAGES.threshold)
      .default(100),
    offlineWaitMinutes: z
      .number({ error: TARGET_MESSAGES.offlineWait })
      .int(TARGET_MESSAGES.offlineWait)
      .min(0, TARGET_MESSAGES.offlineWait)
      .max(TARGET_LIMITS.offlineWaitMinutes, TARGET_MESSAGES.offlineWait)
      .default(0),
  })
  .transform((input) => normalizeTarget({ ...input, runnerIds: null }))
  .refine((target) => target.mode !== "runner" || target.runnerId !== null, {
    message: TARGET_MESSAGES.runnerRequired,
    path: ["runnerId"],
  });

/** A target as stored on a workflow and a run: every field present, `runnerId` only when pinned. */
export type Target = {
  mode: TargetMode;
  runnerId: string | null;
  batchSize: BatchSize | null;
  keepGoing: boolean;
  successThreshold: number;
  offlineWaitMinutes: number;
  /** "Retry failed targets": only these runners (null: every matching one). Never set by a body. */
  runnerIds: string[] | null;
};

export const DEFAULT_TARGET: Target = {
  mode: "any",
  runnerId: null,
  batchSize: null,
  keepGoing: false,
  successThreshold: 100,
  offlineWaitMinutes: 0,
  runnerIds: null,
};

export function normalizeTarget(input: Partial<Target> | null | undefined): Target {
  const target = { ...DEFAULT_TARGET, ...input };
  return {
    mode: target.mode,
    runnerId: target.mode === "runner" ? (target.runnerId ?? null) : null,
    batchSize: target.batchSize ?? null,
    keepGoing: target.keepGoing,
    successThreshold: target.successThreshold,
    offlineWaitMinutes: target.offlineWaitMinutes,
    runnerIds: target.mode === "all" ? (target.runnerIds ?? null) : null,
  };
}

export const TargetSchema = z.object({
  mode: z.enum(TARGET_MODES),
  runnerId: z.string().nullable(),
  batchSize: z.union([z.number().int(), z.string()]).nullable(),
  keepGoing: z.boolean(),
  successThreshold: z.number().int(),
  offlineWaitMinutes: z.number().int(),
  /** A retry of failed targets: only these runners; null: every matching one. */
  runnerIds: z.array(z.string()).nullable(),
});

/** One machine of a fan-out run, as reading the run shows it. */
export const RunTargetSchema = z.object({
  id: z.string(),
  runnerId: z.string().nullable(),
  runnerName: z.string(),
  platform: z.enum(RUNNER_PLATFORMS),
  status: z.enum(RUN_STATUSES),
  /** The last step's exit code that ran (the first failing one when a step failed); null: none ran. */
  exitCode: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Why it did not run: offline runner, no command for its OS, stopped after a failure. */
  skipReason: z.string().nullable(),
});
export type RunTarget = z.infer<typeof RunTargetSchema>;

/** How many targets may run at once: a number, a percentage of them (at least one), or all. */
export function targetsAtOnce(batchSize: BatchSize | null, targets: number): number {
  if (batchSize === null) return Math.max(targets, 1);
  if (typeof batchSize === "number") return batchSize;
  return Math.max(1, Math.floor((targets * Number.parseInt(batchSize, 10)) / 100));
}

/**
 * A fan-out's outcome once every target has ended. Targets skipped because their OS has no
 * command were never meant to run and are not counted; every other target that did not succeed
 * (failed, lost, timed out, offline, not started after a failure) counts against the threshold.
 */
export function fanOutOutcome(
  targets: readonly { status: RunStatus; skippedForNoCommand: boolean }[],
  options: { successThreshold: number; cancelled: boolean },
): "succeeded" | "failed" | "cancelled" {
  if (options.cancelled) return "cancelled";
  const counted = targets.filter((target) => !target.skippedForNoCommand);
  if (counted.length === 0) return "failed";
  const succeeded = counted.filter((target) => target.status === "succeeded").length;
  return succeeded * 100 >= options.successThreshold * counted.length ? "succeeded" : "failed";
}

/**
 * What one run may ask of the workflow's target (decision 080): the same or narrower, never wider.
 * A workflow on any or every matching runner may run once on one of its matching runners, or (from
 * every) on any one; a workflow pinned to a runner runs there only. Answers the run's target, or
 * the message refusing it.
 */
export function narrowTarget(
  workflow: Target,
  requested: Target | undefined,
  isMatchingRunner: (runnerId: string) => boolean,
): { ok: true; target: Target } | { ok: false; message: string } {
  if (!requested) return { ok: true, target: workflow };
  if (workflow.mode === "runner") {
    return requested.mode === "runner" && requested.runnerId === workflow.runnerId
      ? { ok: true, target: workflow }
      : { ok: false, message: TARGET_MESSAGES.pinnedElsewhere };
  }
  if (requested.mode === "runner") {
    return requested.runnerId !== null && isMatchingRunner(requested.runnerId)
      ? { ok: true, target: requested }
      : { ok: false, message: TARGET_MESSAGES.widen };
  }
  if (requested.mode === "all" && workflow.mode !== "all") return { ok: false, message: TARGET_MESSAGES.widen };
  return { ok: true, target: requested };
}
