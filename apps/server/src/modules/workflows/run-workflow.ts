import { AppError } from "@flowdeck/shared";
import type { StepStatus } from "@flowdeck/shared/workflows/constants";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import type { AuditAction } from "@flowdeck/shared/audit/actions";
import type { Executor } from "../../db/database.ts";
import { attributedUserId } from "../../lib/actor.ts";
import { changesBetween } from "../../lib/audit-changes.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { runIdempotent, type Idempotency } from "../../lib/idempotency.ts";
import { lockOrThrow } from "./change-workflow.ts";
import { loadWorkflow } from "./load-workflow.ts";
import type { ExecutionRequest } from "./execution.ts";
import { beginRun, completeWork, countExecutions, markStep, startWork } from "./progress.ts";
import { listSteps } from "./repository.ts";

type Action = OrgScope & { workflowId: string; now?: Date };

/**
 * POST execute ("Run now"): a run started by a person, like the scheduler's but with trigger
 * 'manual'. Idempotent with an Idempotency-Key, so a retried click does not run it twice.
 */
export async function executeWorkflow({
  workflowId,
  idempotency,
  execution,
  now = new Date(),
  ...scope
}: Action & { idempotency: Idempotency | null; execution: ExecutionRequest | null }): Promise<Workflow> {
  const { organizationId, actor } = scope;
  return runIdempotent({
    context: scope,
    idempotency,
    work: async (tx, log) => {
      const workflow = await lockOrThrow(tx, organizationId, workflowId);
      await countExecutions(tx, [workflow], now);
      const run = await beginRun(tx, {
        workflow,
        trigger: "manual",
        startedBy: attributedUserId(actor),
        now,
        execution,
      });
      log.record({ action: "workflow.run", entityId: workflowId, summary: `Ran the workflow "${workflow.name}"` });
      // Wakes the organization's runners waiting for work.
      if (execution) log.announce({ entity: "run", id: run.id, action: "created" });
      return loadWorkflow(tx, organizationId, workflowId);
    },
  });
}

/** POST start (spec 4): in progress, with startedAt and startedBy. */
export async function startWorkflow(action: Action): Promise<Workflow> {
  return change(action, "workflow.started", "Started", async (tx, workflow, now) =>
    startWork(tx, { workflow, userId: attributedUserId(action.actor), now }),
  );
}

/** POST complete (spec 4): completed, progress 100, completedAt and completedBy. */
export async function completeWorkflow(action: Action): Promise<Workflow> {
  return change(action, "workflow.completed", "Completed", async (tx, workflow, now) =>
    completeWork(tx, { workflow, userId: attributedUserId(action.actor), now }),
  );
}

/** PATCH steps/:stepId: a step done or to do, then progress and status recalculated (spec 4). */
export async function setStepStatus(action: Action & { stepId: string; status: StepStatus }): Promise<Workflow> {
  return change(action, "workflow.step_marked", `Marked a step ${action.status} in`, async (tx, workflow, now) => {
    const steps = await listSteps(tx, action.organizationId, [workflow.id]);
    if (!steps.some((step) => step.id === action.stepId)) {
      throw new AppError("not-found", WORKFLOW_MESSAGES.stepNotFound);
    }
    const userId = attributedUserId(action.actor);
    await markStep(tx, { workflow, stepId: action.stepId, status: action.status, userId, now });
  });
}

async function change(
  { workflowId, now = new Date(), ...scope }: Action,
  action: AuditAction,
  verb: string,
  work: (tx: Executor, workflow: Awaited<ReturnType<typeof lockOrThrow>>, now: Date) => Promise<void>,
): Promise<Workflow> {
  const { organizationId } = scope;
  return transact(scope, async (tx, log) => {
    const locked = await lockOrThrow(tx, organizationId, workflowId);
    const before = await loadWorkflow(tx, organizationId, workflowId);
    await work(tx, locked, now);
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
