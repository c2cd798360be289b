import { ACTIVE_RUN_STATUSES, isFailedRunStatus, type RunStatus } from "@flowdeck/shared/runs/constants";
import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import type { RunTarget } from "@flowdeck/shared/runs/targets";

export function isUnderWay(status: RunStatus) {
  return (ACTIVE_RUN_STATUSES as readonly RunStatus[]).includes(status);
}

/** The target shown first: the first that failed, timed out or was lost, else the first. */
export function defaultTarget(targets: readonly RunTarget[]): RunTarget | undefined {
  return targets.find((target) => isFailedRunStatus(target.status)) ?? targets[0];
}

/** Retry failed targets is offered once the run ended with a target to retry. */
export function canRetryFailed(run: Pick<RunDetail, "status" | "targets">) {
  return !isUnderWay(run.status) && run.targets.some((target) => isFailedRunStatus(target.status));
}

/** "2 of 3 targets succeeded": a fan-out's steps are its targets' own. */
export function targetsText(run: Pick<RunDetail, "targets">) {
  const succeeded = run.targets.filter((target) => target.status === "succeeded").length;
  return `${succeeded} of ${run.targets.length} target${run.targets.length === 1 ? "" : "s"} succeeded`;
}
