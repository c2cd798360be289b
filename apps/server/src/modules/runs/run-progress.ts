import { progressPercent } from "@flowdeck/shared/workflows/progress";
import type { Executor } from "../../db/database.ts";
import { countSteps, updateWorkflow, type LockedWorkflow } from "../workflows/repository.ts";

/**
 * An executed run drives the workflow's progress (spec 4): each step that exits 0 is completed, and
 * progress is done / total. At 100 % the workflow is completed; while the run goes on it is in
 * progress; once the run ended short of 100 % it is active again, so its schedule picks it anew.
 */
export async function settleProgress(tx: Executor, options: { workflow: LockedWorkflow; now: Date; ended: boolean }) {
  const { workflow, now, ended } = options;
  const { total, completed } = await countSteps(tx, workflow.id);
  const done = total > 0 && completed >= total;
  const keepCompletion = workflow.status === "completed" && workflow.completedAt;
  await updateWorkflow(tx, workflow.organizationId, workflow.id, {
    status: done ? "completed" : ended ? "active" : "in-progress",
    taskCount: total,
    completedTasks: completed,
    progress: progressPercent(completed, total),
    completedAt: done ? (keepCompletion ? workflow.completedAt : now) : null,
    completedBy: done && keepCompletion ? workflow.completedBy : null,
  });
}
