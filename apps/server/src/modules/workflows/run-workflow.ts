import { AppError } from "@flowdeck/shared";
import type { StepStatus } from "@flowdeck/shared/workflows/constants";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import type { Database, Executor } from "../../db/database.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import { runIdempotent, type Idempotency, type IdempotentResult } from "../../lib/idempotency.ts";
import { lockOrThrow } from "./change-workflow.ts";
import { loadWorkflow } from "./load-workflow.ts";
import type { ExecutionRequest } from "./execution.ts";
import { beginRun, completeWork, countExecutions, markStep, startWork } from "./progress.ts";
import { listSteps } from "./repository.ts";

type Action = {
  db: Database;
  events: EventHub;
  organizationId: string;
  userId: string;
  workflowId: string;
  now?: Date;
};

/**
 * POST execute ("Run now"): a run started by a person, like the scheduler's but with trigger
 * 'manual'. Idempotent with an Idempotency-Key, so a retried click does not run it twice.
 */
export async function executeWorkflow({
  db,
  events,
  organizationId,
  userId,
  workflowId,
  idempotency,
  execution,
  now = new Date(),
}: Action & { idempotency: Idempotency | null; execution: ExecutionRequest | null }): Promise<
  IdempotentResult<Workflow>
> {
  const result = await runIdempotent({
    db,
    userId,
    idempotency,
    status: 200,
    work: async (tx) => {
      const workflow = await lockOrThrow(tx, organizationId, workflowId);
      await countExecutions(tx, [workflow], now);
      await beginRun(tx, { workflow, trigger: "manual", startedBy: userId, now, execution });
      return loadWorkflow(tx, organizationId, workflowId);
    },
  });
  if (!result.replayed) {
    await publishUpdate(events, organizationId, workflowId);
    const run = result.body.lastRun;
    // Wakes the organization's runners waiting for work.
    if (run?.status === "queued")
      await events.publish(organizationId, { entity: "run", id: run.id, action: "created" });
  }
  return result;
}

/** POST start (spec 4): in progress, with startedAt and startedBy. */
export async function startWorkflow(action: Action): Promise<Workflow> {
  return change(action, async (tx, workflow, now) => startWork(tx, { workflow, userId: action.userId, now }));
}

/** POST complete (spec 4): completed, progress 100, completedAt and completedBy. */
export async function completeWorkflow(action: Action): Promise<Workflow> {
  return change(action, async (tx, workflow, now) => completeWork(tx, { workflow, userId: action.userId, now }));
}

/** PATCH steps/:stepId: a step done or to do, then progress and status recalculated (spec 4). */
export async function setStepStatus(action: Action & { stepId: string; status: StepStatus }): Promise<Workflow> {
  return change(action, async (tx, workflow, now) => {
    const steps = await listSteps(tx, action.organizationId, [workflow.id]);
    if (!steps.some((step) => step.id === action.stepId)) {
      throw new AppError("not-found", WORKFLOW_MESSAGES.stepNotFound);
    }
    await markStep(tx, { workflow, stepId: action.stepId, status: action.status, userId: action.userId, now });
  });
}

async function change(
  { db, events, organizationId, workflowId, now = new Date() }: Action,
  work: (tx: Executor, workflow: Awaited<ReturnType<typeof lockOrThrow>>, now: Date) => Promise<void>,
): Promise<Workflow> {
  const workflow = await db.transaction(async (tx) => {
    const locked = await lockOrThrow(tx, organizationId, workflowId);
    await work(tx, locked, now);
    return loadWorkflow(tx, organizationId, workflowId);
  });
  await publishUpdate(events, organizationId, workflowId);
  return workflow;
}

function publishUpdate(events: EventHub, organizationId: string, workflowId: string) {
  return events.publish(organizationId, { entity: "workflow", id: workflowId, action: "updated" });
}
