import { transact, type ChangeContext } from "../../lib/change-log.ts";
import { endRun, expireApproval } from "./lifecycle.ts";
import { expiredApprovals, expiredLeases, overdueRuns, targetsPastDeadline } from "./repository.ts";
import { TARGET_MESSAGES } from "@flowdeck/shared/runs/targets";

const BATCH = 100;

/**
 * Running runs whose runner missed its lease end as lost; running runs a lease past their timeout
 * end as timed out (a runner stops a run at its timeout itself; the server gives it one more lease
 * to report); runs awaiting approval past their expiry end as expired (decision 067). Each run is ended in its own transaction that locks the workflow and the run and
 * checks again, so two instances sweeping at once end a run once.
 */
export async function sweepRuns(options: { context: ChangeContext; now: Date; leaseMs: number }) {
  const { context, now, leaseMs } = options;
  for (const run of await expiredLeases(context.db, now, BATCH)) {
    await transact(context, (tx, log) =>
      endRun(tx, log, {
        organizationId: run.organizationId,
        runId: run.id,
        status: "lost",
        reason: "lease-expired",
        now,
        // A runner that called between the look and the lock keeps its run.
        onlyIf: (locked) => locked.leaseExpiresAt !== null && locked.leaseExpiresAt < now,
      }),
    );
  }
  for (const run of await expiredApprovals(context.db, now, BATCH)) {
    await transact(context, (tx, log) =>
      expireApproval(tx, log, { organizationId: run.organizationId, runId: run.id, now }),
    );
  }
  // A fan-out's target waited for its offline runner long enough (decision 080).
  for (const run of await targetsPastDeadline(context.db, now, BATCH)) {
    await transact(context, (tx, log) =>
      endRun(tx, log, {
        organizationId: run.organizationId,
        runId: run.id,
        status: "skipped",
        reason: "lease-expired",
        now,
        skipReason: TARGET_MESSAGES.offlineWaited(run.waitedMinutes),
        onlyIf: (locked) => locked.status === "queued" && locked.claimDeadline !== null && locked.claimDeadline < now,
      }),
    );
  }
  for (const run of await overdueRuns(context.db, now, leaseMs, BATCH)) {
    await transact(context, (tx, log) =>
      endRun(tx, log, {
        organizationId: run.organizationId,
        runId: run.id,
        status: "timed-out",
        reason: "overdue",
        now,
      }),
    );
  }
}
