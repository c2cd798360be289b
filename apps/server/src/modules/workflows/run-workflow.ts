import { AppError } from "@flowdeck/shared";
import type { StepStatus } from "@flowdeck/shared/workflows/constants";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import type { AuditAction } from "@flowdeck/shared/audit/actions";
import type { Executor } from "../../db/database.ts";
import { attributedUserId } from "../../lib/actor.ts";
import { changesBetween } from "../../lib/audit-changes.ts";
import { transact, type ChangeLog, type OrgScope } from "../../lib/change-log.ts";
import { startWork } from "../checklist/progress.ts";
import { completeChecklist, tickChecklist } from "../runs/lifecycle.ts";
import { lockOrThrow } from "./change-workflow.ts";
import { loadWorkflow } from "./load-workflow.ts";
import { listSteps } from "./repository.ts";

type Action = OrgScope & { workflowId: string; now?: Date };

/** POST start (spec 4): in progress, with startedAt and startedBy. */
export async function startWorkflow(action: Action): Promise<Workflow> {
  return change(action, "workflow.started", "Started", async (tx, _log, workflow, now) =>
    startWork(tx, { workflow, by: attributedUserId(action.actor), now }),
  );
}

/** POST complete (spec 4): completed, progress 100, completedAt and completedBy. */
export async function completeWorkflow(action: Action): Promise<Workflow> {
  return change(action, "workflow.completed", "Completed", async (tx, log, workflow, now) =>
    completeChecklist(tx, log, { workflow, by: attributedUserId(action.actor), now }),
  );
}

/** PATCH steps/:stepId: a step done or to do, then progress and status recalculated (spec 4). */
export async function setStepStatus(action: Action & { stepId: string; status: StepStatus }): Promise<Workflow> {
  return change(action, "workflow.step_marked", `Marked a step ${action.status} in`, async (tx, log, workflow, now) => {
    const steps = await listSteps(tx, action.organizationId, [workflow.id]);
    if (!steps.some((step) => step.id === action.stepId)) {
      throw new AppError("not-found", WORKFLOW_MESSAGES.stepNotFound);
    }
    const by = attributedUserId(action.actor);
    await tickChecklist(tx, log, { workflow, stepId: action.stepId, status: action.status, by, now });
  });
}

async function change(
  { workflowId, now = new Date(), ...scope }: Action,
  action: AuditAction,
  verb: string,
  work: (tx: Executor, log: ChangeLog, workflow: Awaited<ReturnType<typeof lockOrThrow>>, now: Date) => Promise<void>,
): Promise<Workflow> {
  const { organizationId } = scope;
  return transact(scope, async (tx, log) => {
    const locked = await lockOrThrow(tx, organizationId, workflowId);
    const before = await loadWorkflow(tx, organizationId, workflowId);
    await work(tx, log, locked, now);
    const after = await loadWorkflow(tx, organizationId, workflowId);
    log.record({
      action,
      entityId: workflowId,
      summary: `${verb} the workflow "${after.name}"`,
      changes: changesBetween(before, after, ["status", "progress", "completedTasks"]),
    });
    return after;
  });
}
