import type { Database } from "../db/database.ts";
import { RUN_SWEEPER } from "../lib/actor.ts";
import { transact, type ChangeContext } from "../lib/change-log.ts";
import type { EventHub } from "../lib/event-hub.ts";
import { endRun, runChangeEvents, type FinalStatus } from "../modules/runs/end-run.ts";
import { expiredLeases, findWorkflowName, overdueRuns } from "../modules/runs/repository.ts";
import { repeatEvery } from "./repeat-every.ts";

export type SweeperLogger = { error: (details: object, message: string) => void };

const BATCH = 100;

/**
 * The run sweeper: one loop per server instance. Running runs whose runner missed its lease end as
 * lost; running runs a lease past their timeout end as timed out. Each run is ended in its own
 * transaction that locks the workflow and the run and checks again, so two instances sweeping at
 * once end a run once (the second finds it ended and changes nothing). The sweeper acts as the
 * system ("Run sweeper" in the audit log): each run it ends has its audit row in that transaction.
 */
export function createRunSweeper(options: {
  db: Database;
  events: EventHub;
  logger: SweeperLogger;
  leaseMs: number;
  intervalMs?: number;
}) {
  const { db, events, logger, leaseMs } = options;
  const intervalMs = options.intervalMs ?? Math.min(5_000, Math.max(250, Math.floor(leaseMs / 4)));

  // Runs of every organization: each record names its own.
  const context: ChangeContext = { db, events, actor: RUN_SWEEPER, organizationId: null };

  async function end(run: { id: string; organizationId: string; workflowId: string }, status: FinalStatus, now: Date) {
    await transact(context, async (tx, log) => {
      const { organizationId } = run;
      const ended = await endRun(tx, {
        organizationId,
        runId: run.id,
        workflowId: run.workflowId,
        status,
        now,
        // A runner that called between the look and the lock keeps its run.
        onlyIf: (locked) => status !== "lost" || (locked.leaseExpiresAt !== null && locked.leaseExpiresAt < now),
      });
      if (!ended) return;
      const workflowName = await findWorkflowName(tx, run.workflowId);
      log.record({
        action: "run.finished",
        organizationId,
        entityId: run.id,
        summary:
          status === "lost"
            ? `A run of "${workflowName}" was lost: its runner stopped reporting`
            : `A run of "${workflowName}" timed out`,
        changes: { status: { before: ended.status, after: status } },
      });
      for (const event of runChangeEvents(ended)) log.announce(event, organizationId);
    });
  }

  async function sweep(now = new Date()) {
    for (const run of await expiredLeases(db, now, BATCH)) await end(run, "lost", now);
    // A runner stops a run at its timeout itself; the server gives it one more lease to report.
    for (const run of await overdueRuns(db, now, leaseMs, BATCH)) await end(run, "timed-out", now);
  }

  const loop = repeatEvery(intervalMs, sweep, (error) => logger.error({ err: error }, "run sweeper: a sweep failed"));
  return { ...loop, sweep };
}
