import type { Database } from "../db/database.ts";
import type { EventHub } from "../lib/event-hub.ts";
import { endRun, publishRunChange, type FinalStatus } from "../modules/runs/end-run.ts";
import { expiredLeases, overdueRuns } from "../modules/runs/repository.ts";
import { repeatEvery } from "./repeat-every.ts";

export type SweeperLogger = { error: (details: object, message: string) => void };

const BATCH = 100;

/**
 * The run sweeper: one loop per server instance. Running runs whose runner missed its lease end as
 * lost; running runs a lease past their timeout end as timed out. Each run is ended in its own
 * transaction that locks the workflow and the run and checks again, so two instances sweeping at
 * once end a run once (the second finds it ended and changes nothing).
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

  async function end(run: { id: string; organizationId: string; workflowId: string }, status: FinalStatus, now: Date) {
    const ended = await db.transaction((tx) =>
      endRun(tx, {
        organizationId: run.organizationId,
        runId: run.id,
        workflowId: run.workflowId,
        status,
        now,
        // A runner that called between the look and the lock keeps its run.
        onlyIf: (locked) => status !== "lost" || (locked.leaseExpiresAt !== null && locked.leaseExpiresAt < now),
      }),
    );
    if (ended) await publishRunChange(events, ended);
  }

  async function sweep(now = new Date()) {
    for (const run of await expiredLeases(db, now, BATCH)) await end(run, "lost", now);
    // A runner stops a run at its timeout itself; the server gives it one more lease to report.
    for (const run of await overdueRuns(db, now, leaseMs, BATCH)) await end(run, "timed-out", now);
  }

  const loop = repeatEvery(intervalMs, sweep, (error) => logger.error({ err: error }, "run sweeper: a sweep failed"));
  return { ...loop, sweep };
}
