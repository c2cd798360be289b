import { AppError } from "@flowdeck/shared";
import { RUNNER_PLATFORMS, type RunnerPlatform } from "@flowdeck/shared/runners/protocol";
import { TASK_PLATFORM_LABELS } from "@flowdeck/shared/tasks/constants";
import { isFailedRunStatus, type RunStatus } from "@flowdeck/shared/runs/constants";
import { fanOutOutcome, TARGET_MESSAGES, targetsAtOnce, type Target } from "@flowdeck/shared/runs/targets";
import type { RunParameter } from "@flowdeck/shared/workflows/parameters";
import type { Executor } from "../../db/database.ts";
import type { LockedWorkflow, StepRow } from "../workflows/repository.ts";
import {
  chargeForRun,
  commandLines,
  matchingRunners,
  platformsWithCommands,
  stepSnapshots,
  type MatchingRunner,
} from "./execution.ts";
import type { listTargets } from "./repository.ts";

/**
 * A fan-out run (decision 080) is one run with one target per runner that matches the workflow's
 * selector when it starts. Each target is a run of its own under the fan-out (`parent_run_id`):
 * claimed only by its runner, with its runner's platform's command lines, its own steps and log,
 * through the same claim, lease, report and sweeper as any run. This file plans the targets and
 * decides what a fan-out does next; `lifecycle.ts` makes every status change.
 */

/** A target not meant to run: its platform has no command (the denominator of the threshold leaves it out). */
const noCommandReasons = new Set(
  RUNNER_PLATFORMS.map((platform) => TARGET_MESSAGES.noCommand(TASK_PLATFORM_LABELS[platform])),
);

type PlannedTarget = {
  runner: MatchingRunner;
  platform: RunnerPlatform;
  status: "queued" | "skipped";
  skipReason: string | null;
  held: boolean;
  claimDeadline: Date | null;
};

/**
 * Each matching runner's target, in name order: skipped when its platform has no command, or when
 * it is offline and the workflow does not wait; queued otherwise, the first `batchSize` of them
 * claimable at once and the rest held for their turn; an offline one waited for until its deadline.
 */
export function planTargets(options: {
  runners: readonly MatchingRunner[];
  available: readonly RunnerPlatform[];
  target: Target;
  now: Date;
}): PlannedTarget[] {
  const { available, target, now } = options;
  const runners = [...options.runners].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const atOnce = targetsAtOnce(target.batchSize, runners.length);
  let released = 0;
  return runners.map((runner) => {
    const platform = runner.os as RunnerPlatform;
    const skip = (skipReason: string) => ({
      runner,
      platform,
      status: "skipped" as const,
      skipReason,
      held: false,
      claimDeadline: null,
    });
    if (!available.includes(platform)) return skip(TARGET_MESSAGES.noCommand(TASK_PLATFORM_LABELS[platform]));
    if (!runner.online && target.offlineWaitMinutes === 0) return skip(TARGET_MESSAGES.offlineSkipped);
    const held = released >= atOnce;
    if (!held) released += 1;
    return {
      runner,
      platform,
      status: "queued" as const,
      skipReason: null,
      held,
      claimDeadline: runner.online ? null : new Date(now.getTime() + target.offlineWaitMinutes * 60_000),
    };
  });
}

/**
 * A fan-out's targets as they will be inserted, in the transaction that starts it (the lifecycle
 * inserts them): one per matching runner, each charged the organization's credits per run, with
 * its steps snapshotted for its platform. A retry of failed targets names its runners
 * (`target.runnerIds`): one no longer matching is left out.
 */
export async function prepareTargets(
  tx: Executor,
  options: {
    workflow: LockedWorkflow;
    parent: { startedBy: string | null; parameters: RunParameter[] };
    steps: readonly StepRow[];
    target: Target;
    now: Date;
  },
) {
  const { workflow, parent, steps, target, now } = options;
  const lines = await commandLines(tx, workflow.organizationId, steps);
  const runners = (await matchingRunners(tx, workflow.organizationId, workflow.runnerLabels, now)).filter(
    (runner) => !target.runnerIds || target.runnerIds.includes(runner.id),
  );
  if (runners.length === 0) throw new AppError("invalid-argument", TARGET_MESSAGES.noTargets);
  const planned = planTargets({ runners, available: platformsWithCommands(lines), target, now });
  const prepared = [];
  for (const plan of planned) {
    const creditsCharged =
      plan.status === "queued" ? await chargeForRun(tx, { workflow, userId: parent.startedBy }) : 0;
    const snapshot = plan.status === "queued" ? stepSnapshots(lines, steps, plan.platform) : undefined;
    prepared.push({
      row: {
        runnerId: plan.runner.id,
        platform: plan.platform,
        status: plan.status,
        skipReason: plan.skipReason,
        held: plan.held,
        claimDeadline: plan.claimDeadline,
        secretNames: workflow.secretNames,
        timeoutSeconds: workflow.timeoutSeconds,
        creditsCharged,
        parameters: parent.parameters,
        at: now,
      },
      steps: steps.map((step) => ({
        stepId: step.id,
        position: step.position,
        name: step.name,
        status: snapshot ? ("pending" as const) : ("skipped" as const),
        ...snapshot?.get(step.id),
      })),
    });
  }
  return prepared;
}

export type TargetState = Awaited<ReturnType<typeof listTargets>>[number];

const ACTIVE = new Set<RunStatus>(["queued", "running"]);

/**
 * What a fan-out does after one of its targets ended (or it was cancelled): the held targets whose
 * turn came (`release`), the targets never to start (`stop`: not claimed yet, after a failure when
 * it does not keep going), and its outcome once every target has ended (null while some run).
 */
export function nextFanOutMoves(
  targets: readonly TargetState[],
  options: { target: Target; cancelled: boolean },
): { release: string[]; stop: string[]; outcome: "succeeded" | "failed" | "cancelled" | null } {
  const { target, cancelled } = options;
  const failed = targets.some((row) => isFailedRunStatus(row.status));
  const unclaimed = targets.filter((row) => row.status === "queued" && row.claimedAt === null);
  const stop = cancelled || (failed && !target.keepGoing) ? unclaimed.map((row) => row.id) : [];
  const stopping = new Set(stop);
  const under = targets.filter((row) => ACTIVE.has(row.status) && !row.held && !stopping.has(row.id)).length;
  const room = Math.max(0, targetsAtOnce(target.batchSize, targets.length) - under);
  const release = targets
    .filter((row) => row.held && row.status === "queued" && !stopping.has(row.id))
    .slice(0, room)
    .map((row) => row.id);
  const stillActive = targets.some((row) => ACTIVE.has(row.status) && !stopping.has(row.id));
  if (stillActive) return { release, stop, outcome: null };
  const ended = targets.map((row) => ({
    status: stopping.has(row.id) ? ("skipped" as const) : row.status,
    skippedForNoCommand: row.status === "skipped" && noCommandReasons.has(row.skipReason ?? ""),
  }));
  return { release, stop, outcome: fanOutOutcome(ended, { successThreshold: target.successThreshold, cancelled }) };
}

export function isFanOut(run: { kind: string; target: Target | null; parentRunId: string | null }) {
  return run.kind === "executed" && run.target?.mode === "all" && run.parentRunId === null;
}
