import { AppError } from "@flowdeck/shared";
import type { RunTrigger, StepStatus } from "@flowdeck/shared/workflows/constants";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { progressPercent, statusForProgress } from "@flowdeck/shared/workflows/progress";
import type { Executor } from "../../db/database.ts";
import { notifyRunOutcome } from "../notifications/run-outcome.ts";
import { recordExecution } from "../tasks/repository.ts";
import { countSteps, listSteps, setStepStatus, updateWorkflow, type LockedWorkflow } from "./repository.ts";
import { snapshotExecution, type ExecutionRequest } from "./execution.ts";
import {
  findActiveRun,
  findRunningChecklist,
  finishRun,
  insertRun,
  insertRunSteps,
  setRunStepDone,
} from "./runs-repository.ts";

/**
 * The rules of runs and progress (docs/decisions/008). Every function here expects the workflow
 * row already locked by its caller's transaction (`lockWorkflow`), so concurrent changes to one
 * workflow queue on that lock and each sees the previous one's result.
 */

/**
 * Counts one execution of each command the workflows' steps use (spec 4: executing bumps the
 * command's execution count and last executed); steps whose command was deleted are skipped
 * (docs/decisions/007). Call it before `beginRun`, ahead of any step row: commands are locked in
 * one order (organization, then id) before any step is, the order deleting a command takes too,
 * so runs, scheduler batches and deletions never wait on each other in a circle.
 */
export async function countExecutions(tx: Executor, workflows: readonly LockedWorkflow[], now: Date) {
  const byOrganization = new Map<string, string[]>();
  for (const workflow of workflows) {
    byOrganization.set(workflow.organizationId, [...(byOrganization.get(workflow.organizationId) ?? []), workflow.id]);
  }
  for (const organizationId of [...byOrganization.keys()].sort()) {
    const steps = await listSteps(tx, organizationId, byOrganization.get(organizationId) ?? []);
    const commands = steps.flatMap((step) => (step.taskId ? [step.taskId] : [])).sort();
    await recordExecution(tx, organizationId, commands, now);
  }
}

/**
 * Begins a run (spec 4 "Executing"): the workflow goes in progress with lastExecuted, a run record
 * {startedAt, startedBy, status 'running'} is written with a result row per step (skipped for a
 * deleted command), and every step is to do again. A person's run is refused while another is
 * under way; the scheduler never picks a workflow in progress, and a run left under way by a
 * status change is cancelled first. Executions are counted by `countExecutions`, called before.
 */
export async function beginRun(
  tx: Executor,
  options: {
    workflow: LockedWorkflow;
    trigger: RunTrigger;
    startedBy: string | null;
    now: Date;
    /** Queue it for a runner of this platform, with each step's command line snapshotted now. */
    execution?: ExecutionRequest | null;
  },
) {
  const { workflow, trigger, startedBy, now, execution } = options;
  const active = await findActiveRun(tx, workflow.id);
  if (active) {
    // A run a runner executes is never ended by another starting: it ends by its own outcome or Cancel.
    if (trigger === "manual" || active.kind === "executed") {
      throw new AppError("aborted", WORKFLOW_MESSAGES.alreadyRunning);
    }
    await finishRun(tx, active.id, "cancelled", now);
  }
  const steps = await listSteps(tx, workflow.organizationId, [workflow.id]);
  const snapshot = execution
    ? await snapshotExecution(tx, { workflow, steps, request: execution, startedBy })
    : undefined;
  await setStepStatus(tx, { workflowId: workflow.id, status: "todo", by: null, at: now });
  const run = await insertRun(tx, {
    workflowId: workflow.id,
    organizationId: workflow.organizationId,
    trigger,
    startedBy,
    at: now,
    execution: snapshot?.run,
  });
  await insertRunSteps(
    tx,
    run.id,
    steps.map((step) => ({
      stepId: step.id,
      position: step.position,
      name: step.name,
      // A checklist skips a deleted command's step; a runner reports it skipped itself.
      status: step.taskId || snapshot ? "pending" : "skipped",
      ...snapshot?.steps.get(step.id),
    })),
  );
  await updateWorkflow(tx, workflow.organizationId, workflow.id, {
    status: "in-progress",
    lastExecuted: now,
    taskCount: steps.length,
    completedTasks: 0,
    progress: 0,
    completedAt: null,
    completedBy: null,
  });
  return run;
}

/**
 * Marks one step done or to do, then recalculates (spec 4): progress = done / total, rounded;
 * draft at 0 %, in progress between, completed at 100 % with completedAt and completedBy. The run
 * under way records the step too, and succeeds once every step is done.
 */
export async function markStep(
  tx: Executor,
  options: { workflow: LockedWorkflow; stepId: string; status: StepStatus; userId: string; now: Date },
) {
  const { workflow, stepId, status, userId, now } = options;
  await setStepStatus(tx, { workflowId: workflow.id, stepId, status, by: userId, at: now });
  const running = await findRunningChecklist(tx, workflow.id);
  if (running) await setRunStepDone(tx, { runId: running.id, stepId, done: status === "completed", at: now });
  await recalculate(tx, { workflow, userId, now, running: running?.id ?? null });
}

/** Progress and status from the steps as they now are; ends the run under way when all are done. */
export async function recalculate(
  tx: Executor,
  options: { workflow: LockedWorkflow; userId: string | null; now: Date; running: string | null },
) {
  const { workflow, userId, now, running } = options;
  const { total, completed } = await countSteps(tx, workflow.id);
  const status = statusForProgress(completed, total, { running: running !== null });
  const done = status === "completed";
  if (done && running) {
    await finishRun(tx, running, "succeeded", now);
    await notifyRunOutcome(tx, { runId: running, status: "succeeded", at: now });
  }
  await updateWorkflow(tx, workflow.organizationId, workflow.id, {
    status,
    taskCount: total,
    completedTasks: completed,
    progress: progressPercent(completed, total),
    // Already completed and still so: the first completion is kept.
    completedAt: done ? (workflow.status === "completed" && workflow.completedAt ? workflow.completedAt : now) : null,
    completedBy: done
      ? workflow.status === "completed" && workflow.completedAt
        ? workflow.completedBy
        : userId
      : null,
  });
}

/** Spec 4 "Start": in progress, with startedAt and startedBy. A completed workflow starts over. */
export async function startWork(tx: Executor, options: { workflow: LockedWorkflow; userId: string; now: Date }) {
  const { workflow, userId, now } = options;
  const fresh = workflow.status === "completed";
  if (fresh) await setStepStatus(tx, { workflowId: workflow.id, status: "todo", by: null, at: now });
  await updateWorkflow(tx, workflow.organizationId, workflow.id, {
    status: "in-progress",
    startedAt: now,
    startedBy: userId,
    completedAt: null,
    completedBy: null,
    ...(fresh && { completedTasks: 0, progress: 0 }),
  });
}

/**
 * Spec 4 "Complete": completed, progress 100, completedAt and completedBy. Every step still to do
 * is marked done by the person completing it, and the run under way succeeds.
 */
export async function completeWork(tx: Executor, options: { workflow: LockedWorkflow; userId: string; now: Date }) {
  const { workflow, userId, now } = options;
  await setStepStatus(tx, { workflowId: workflow.id, status: "completed", by: userId, at: now });
  const running = await findRunningChecklist(tx, workflow.id);
  if (running) {
    await finishRun(tx, running.id, "succeeded", now);
    await notifyRunOutcome(tx, { runId: running.id, status: "succeeded", at: now });
  }
  const { total } = await countSteps(tx, workflow.id);
  await updateWorkflow(tx, workflow.organizationId, workflow.id, {
    status: "completed",
    progress: 100,
    taskCount: total,
    completedTasks: total,
    completedAt: now,
    completedBy: userId,
  });
}

/**
 * Ends the checklist under way, if any, as cancelled (its steps changed, or its status was set by
 * hand). An executed run is left alone: it runs its snapshot, and has its own Cancel.
 */
export async function cancelRunningRun(tx: Executor, workflowId: string, now: Date) {
  const running = await findRunningChecklist(tx, workflowId);
  if (running) await finishRun(tx, running.id, "cancelled", now);
  return Boolean(running);
}
