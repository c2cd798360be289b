import { TASK_PLATFORM_LABELS } from "@flowdeck/shared/tasks/constants";
import type { LastRun, RunDetail } from "@flowdeck/shared/runs/schemas";

/**
 * A run on every matching runner (decision 080): executed, yet of no one platform, since each of
 * its targets runs on its own runner's OS. Lists know it by that alone; they carry no targets.
 */
export function isFanOut(run: Pick<LastRun, "kind" | "platform">) {
  return run.kind === "executed" && run.platform === null;
}

/**
 * "Checklist", "Executed on <runner>" or "On every matching runner" ("On 3 runners" where the
 * targets are known): a checklist is never shown as if something ran.
 */
export function runKindText(
  run: Pick<LastRun, "kind" | "runner" | "platform" | "status"> & { targets?: readonly unknown[] },
) {
  if (run.kind === "checklist") return "Checklist";
  if (isFanOut(run)) {
    const where = run.targets?.length
      ? `${run.targets.length} runner${run.targets.length === 1 ? "" : "s"}`
      : "every matching runner";
    return run.status === "awaiting-approval" ? `Awaiting approval to run on ${where}` : `On ${where}`;
  }
  if (run.status === "awaiting-approval") {
    return `Awaiting approval to run on ${run.platform ? TASK_PLATFORM_LABELS[run.platform] : "a runner"}`;
  }
  if (run.runner) return `Executed on ${run.runner.name}`;
  return `Waiting for a ${run.platform ? TASK_PLATFORM_LABELS[run.platform] : ""} runner`;
}

/**
 * "2 of 3 done · 1 skipped", out of every step of the run: a cancelled run's steps that were never
 * done count as not done, so the numbers add up whatever way the run ended.
 */
export function runStepsText(run: Pick<LastRun, "stepCounts">) {
  const { total, done, skipped } = run.stepCounts;
  return `${done} of ${total} done${skipped > 0 ? ` · ${skipped} skipped` : ""}`;
}

/**
 * Why a queued run waits, from the runners that could take it: none registered, none online, or
 * none with the run's labels. Null once a runner could take it now (it will, within a heartbeat).
 */
export function waitingText(run: Pick<RunDetail, "status" | "platform" | "matchingRunners">) {
  const runners = run.matchingRunners;
  if (run.status !== "queued" || !runners || !run.platform || runners.online > 0) return null;
  const platform = TASK_PLATFORM_LABELS[run.platform];
  if (runners.labels.length > 0) return `No online ${platform} runner has the labels ${runners.labels.join(", ")}.`;
  if (runners.registered === 0) return `Waiting for a ${platform} runner — none is registered.`;
  return `Waiting for a ${platform} runner — none is online.`;
}
