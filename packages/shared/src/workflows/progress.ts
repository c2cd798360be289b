import type { WorkflowStatus } from "./constants.ts";

/** Spec 9: progress percent = completed tasks / total tasks, rounded (none done of none is 0). */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(completed, total) / total) * 100);
}

/** Whether a run of the workflow is under way, has just ended, or neither (people tick it by hand). */
export type RunPhase = "under-way" | "ended" | "none";

/**
 * Spec 4 "Workflow", progress recalculation: draft at 0 %, in-progress between, completed at
 * 100 %. Judged on the counts, so rounding never calls a workflow complete with a step left.
 * A workflow with a run under way stays in progress at 0 % (its steps were just reset for the
 * run): a running workflow is never a draft. A run that ended short of 100 % leaves it active,
 * so its schedule picks it anew. The one rule for every change of the marks (docs/decisions/008).
 */
export function statusForProgress(completed: number, total: number, run: RunPhase): WorkflowStatus {
  if (total > 0 && completed >= total) return "completed";
  if (run === "under-way") return "in-progress";
  if (run === "ended") return "active";
  return completed > 0 ? "in-progress" : "draft";
}
