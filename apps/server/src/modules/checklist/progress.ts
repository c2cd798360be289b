import type { StepStatus } from "@flowdeck/shared/workflows/constants";
import { progressPercent, statusForProgress, type RunPhase } from "@flowdeck/shared/workflows/progress";
import type { Executor } from "../../db/database.ts";
import {
  countSteps,
  findCompletion,
  setStepStatus,
  updateWorkflow,
  type LockedWorkflow,
} from "../workflows/repository.ts";
import { readTogether } from "../../db/read-together.ts";

/**
 * The checklist of spec 4: each step of a workflow is to do or done, and the workflow's progress
 * and status follow from the marks. One rule for every way the marks change (a person ticking, a
 * runner's step exiting 0, the steps being edited, a run ending). It knows nothing of runs: the
 * caller says whether a run is under way, or has just ended.
 */

/**
 * Progress = done / total (spec 9), and the status from `statusForProgress`. A workflow already
 * completed and still so keeps its first completion; a new one is attributed to `by` (null: a runner).
 * Returns whether every step is done.
 */
export async function settleProgress(
  tx: Executor,
  options: { workflow: LockedWorkflow; by: string | null; now: Date; run: RunPhase },
) {
  const { workflow, by, now, run } = options;
  const [counts, completion] = await readTogether(tx, [
    () => countSteps(tx, workflow.id),
    () => findCompletion(tx, workflow.id),
  ]);
  const status = statusForProgress(counts.completed, counts.total, run);
  const done = status === "completed";
  const keep = completion?.status === "completed" && completion.completedAt !== null;
  await updateWorkflow(tx, workflow.organizationId, workflow.id, {
    status,
    taskCount: counts.total,
    completedTasks: counts.completed,
    progress: progressPercent(counts.completed, counts.total),
    completedAt: done ? (keep ? completion.completedAt : now) : null,
    completedBy: done ? (keep ? completion.completedBy : by) : null,
  });
  return { done };
}

/** One step done or to do (all of them without `stepId`), with who and when. */
export async function mark(
  tx: Executor,
  options: { workflow: LockedWorkflow; stepId?: string; status: StepStatus; by: string | null; now: Date },
) {
  const { workflow, stepId, status, by, now } = options;
  await setStepStatus(tx, { workflowId: workflow.id, stepId, status, by, at: now });
}

/** Spec 4 "Start": in progress, with startedAt and startedBy. A completed workflow starts over. */
export async function startWork(tx: Executor, options: { workflow: LockedWorkflow; by: string | null; now: Date }) {
  const { workflow, by, now } = options;
  const fresh = workflow.status === "completed";
  if (fresh) await setStepStatus(tx, { workflowId: workflow.id, status: "todo", by: null, at: now });
  await updateWorkflow(tx, workflow.organizationId, workflow.id, {
    status: "in-progress",
    startedAt: now,
    startedBy: by,
    completedAt: null,
    completedBy: null,
    ...(fresh && { completedTasks: 0, progress: 0 }),
  });
}

/**
 * Spec 4 "Complete": completed, progress 100, completedAt and completedBy; every step still to do is
 * marked done by the person completing it.
 */
export async function completeWork(tx: Executor, options: { workflow: LockedWorkflow; by: string | null; now: Date }) {
  const { workflow, by, now } = options;
  await setStepStatus(tx, { workflowId: workflow.id, status: "completed", by, at: now });
  const { total } = await countSteps(tx, workflow.id);
  await updateWorkflow(tx, workflow.organizationId, workflow.id, {
    status: "completed",
    progress: 100,
    taskCount: total,
    completedTasks: total,
    completedAt: now,
    completedBy: by,
  });
}

/** A run begins: every mark is reset and the workflow is in progress at 0 %. */
export async function resetForRun(tx: Executor, options: { workflow: LockedWorkflow; stepCount: number; now: Date }) {
  const { workflow, stepCount, now } = options;
  await setStepStatus(tx, { workflowId: workflow.id, status: "todo", by: null, at: now });
  await updateWorkflow(tx, workflow.organizationId, workflow.id, {
    status: "in-progress",
    lastExecuted: now,
    taskCount: stepCount,
    completedTasks: 0,
    progress: 0,
    completedAt: null,
    completedBy: null,
  });
}
