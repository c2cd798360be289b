import type { LiveEvent } from "@flowdeck/shared";
import type { RunStatus } from "@flowdeck/shared/workflows/constants";
import { MAX_CREDIT_BALANCE } from "@flowdeck/shared/credits/amounts";
import type { Executor } from "../../db/database.ts";
import { giveCredits, insertTransaction } from "../credits/repository.ts";
import { notifyRunOutcome } from "../notifications/run-outcome.ts";
import { lockWorkflow } from "../workflows/repository.ts";
import { settleProgress } from "./run-progress.ts";
import { endOpenSteps, lockRun, updateRun, type ExecutedRunRow } from "./repository.ts";

export type FinalStatus = Exclude<RunStatus, "queued" | "running">;

/** What a step still running becomes when its run ends this way. */
const RUNNING_STEP_ENDS_AS = {
  succeeded: "succeeded",
  failed: "failed",
  cancelled: "cancelled",
  "timed-out": "timed-out",
  lost: "cancelled",
} as const;

/**
 * Ends a queued or running run: its status and finish, steps still pending skipped, the workflow's
 * progress settled, and the notification rules told (decision 026: in this same transaction, so a
 * rolled-back end tells nothing). A run cancelled before any runner claimed it gets its credits back. Locks the
 * workflow, then the run (the order every change to a run takes). Returns undefined when the run
 * had already ended: ending is idempotent, whoever comes second (runner, sweeper, person) changes
 * nothing.
 */
export async function endRun(
  tx: Executor,
  options: {
    organizationId: string;
    runId: string;
    workflowId: string;
    status: FinalStatus;
    now: Date;
    /** Checked again under the lock (the sweeper: is the lease still expired?). */
    onlyIf?: (run: ExecutedRunRow) => boolean;
  },
) {
  const { organizationId, runId, status, now } = options;
  const workflow = await lockWorkflow(tx, organizationId, options.workflowId);
  const run = await lockRun(tx, organizationId, runId);
  if (!workflow || !run || (run.status !== "queued" && run.status !== "running")) return undefined;
  if (options.onlyIf && !options.onlyIf(run)) return undefined;
  await updateRun(tx, runId, { status, finishedAt: now, leaseExpiresAt: null });
  await notifyRunOutcome(tx, { runId, status, at: now });
  await endOpenSteps(tx, runId, { running: RUNNING_STEP_ENDS_AS[status] }, now);
  if (status === "cancelled" && run.claimedAt === null && run.creditsCharged > 0) {
    await giveCredits(tx, { organizationId, amount: run.creditsCharged, max: MAX_CREDIT_BALANCE });
    await insertTransaction(tx, {
      organizationId,
      userId: null,
      amount: run.creditsCharged,
      type: "addition",
      description: `Refund: run of ${workflow.name} cancelled before it started`,
    });
  }
  await settleProgress(tx, { workflow, now, ended: true });
  return run;
}

/**
 * The live events a run's change makes: the run view and the workflow card refetch. A service
 * announces them with `log.announce` in the change's `transact` (lib/change-log.ts).
 */
export function runChangeEvents(
  run: { organizationId: string; id: string; workflowId: string; runnerId?: string | null },
  options: { credits?: boolean } = {},
): LiveEvent[] {
  const events: LiveEvent[] = [
    { entity: "run", id: run.id, action: "updated" },
    { entity: "workflow", id: run.workflowId, action: "updated" },
  ];
  // The Runners page shows the run each runner is executing.
  if (run.runnerId) events.push({ entity: "runner", id: run.runnerId, action: "updated" });
  if (options.credits) events.push({ entity: "organization", id: run.organizationId, action: "updated" });
  return events;
}
