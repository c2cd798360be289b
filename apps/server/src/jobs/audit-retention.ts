import type { Database } from "../db/database.ts";
import { deleteExpiredRows } from "../modules/audit/repository.ts";
import { repeatEvery } from "./repeat-every.ts";

export const DEFAULT_AUDIT_RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** Rows one statement deletes: small batches keep locks and the write-ahead log short. */
const BATCH_SIZE = 500;
/** A pass stops after this many batches; the next pass goes on. */
const MAX_BATCHES = 200;

type Logger = { error: (details: object, message: string) => void };

/**
 * Deletes audit rows past their organization's retention, in small batches, now and then. Several
 * instances may run it at once: a row deleted by one is simply not found by another.
 */
export function createAuditRetentionJob(options: { db: Database; logger: Logger; intervalMs?: number }) {
  const { db, logger } = options;
  // Ends a long pass early on shutdown; the next start goes on where it stopped.
  let stopping = false;
  const loop = repeatEvery(
    options.intervalMs ?? DEFAULT_AUDIT_RETENTION_INTERVAL_MS,
    async () => {
      for (let batch = 0; batch < MAX_BATCHES && !stopping; batch++) {
        if ((await deleteExpiredRows(db, BATCH_SIZE)) < BATCH_SIZE) return;
      }
    },
    (error) => logger.error({ err: error }, "audit retention: a pass failed"),
  );
  return {
    start() {
      stopping = false;
      loop.start();
    },
    async stop() {
      stopping = true;
      await loop.stop();
    },
  };
}

/** One pass now (tests, and the first tick): deletes every expired row, a batch at a time. */
export async function purgeExpiredAuditRows(db: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteExpiredRows(db, BATCH_SIZE);
    total += deleted;
    if (deleted < BATCH_SIZE) return total;
  }
}
