import { setTimeout as sleep } from "node:timers/promises";
import type { Database } from "../db/database.ts";
import { expireBatch, type RetentionResult } from "../modules/retention/expire-runs.ts";
import { repeatEvery } from "./repeat-every.ts";

export type RetentionLogger = { error: (details: object, message: string) => void };

export const DEFAULT_RETENTION_INTERVAL_MS = 60_000;
/** Small batches, each its own short transaction: run routes and runners never wait long on them. */
const DEFAULT_BATCH_SIZE = 100;
const MAX_BATCHES_PER_TICK = 50;
/**
 * After each batch the job rests as long as the batch took (times this), so deleting a backlog
 * takes at most about half of the database's and the process's time and run routes keep their
 * latency while it works.
 */
const DEFAULT_REST_PER_BATCH_TIME = 1;

const silent: RetentionLogger = { error: () => {} };

/**
 * The retention job (decision 029): one loop per instance. Each batch is a transaction that first
 * takes the retention advisory lock without waiting — another instance holding it means that
 * instance is at work, and this one leaves the turn to it — then deletes at most `batchSize` runs
 * past their organization's days, runs past their workflow's cap (pinned runs never), and old sent
 * notifications. A tick goes on while batches come back full.
 */
export function createRetentionJob(options: {
  db: Database;
  logger?: RetentionLogger;
  intervalMs?: number;
  batchSize?: number;
  restPerBatchTime?: number;
  clock?: () => Date;
}) {
  const { db, logger = silent } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_RETENTION_INTERVAL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const restPerBatchTime = options.restPerBatchTime ?? DEFAULT_REST_PER_BATCH_TIME;
  const clock = options.clock ?? (() => new Date());
  let stopping = false;

  async function tick(now: Date = clock()): Promise<RetentionResult> {
    const total: RetentionResult = { runs: 0, notifications: 0, claimed: false };
    for (let round = 0; round < MAX_BATCHES_PER_TICK && !stopping; round++) {
      const started = performance.now();
      const done = await expireBatch(db, now, batchSize);
      if (!done.claimed) break;
      total.claimed = true;
      total.runs += done.runs;
      total.notifications += done.notifications;
      if (done.runs < batchSize && done.notifications < batchSize) break;
      await sleep((performance.now() - started) * restPerBatchTime);
    }
    return total;
  }

  const loop = repeatEvery(intervalMs, tick, (error) => logger.error({ err: error }, "retention: a pass failed"));
  return {
    start: () => {
      stopping = false;
      loop.start();
    },
    // A pass under way ends after its current batch, so shutting down never waits for a backlog.
    stop: () => {
      stopping = true;
      return loop.stop();
    },
    tick,
  };
}
