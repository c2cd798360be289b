import type { Database } from "../db/database.ts";
import { AUDIT_EXPIRY_BATCH, deleteExpiredAuditBatch } from "../modules/audit/expire-audit.ts";
import { repeatEvery } from "./repeat-every.ts";

export const DEFAULT_AUDIT_RETENTION_INTERVAL_MS = 60 * 60 * 1000;
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
        if ((await deleteExpiredAuditBatch(db)) < AUDIT_EXPIRY_BATCH) return;
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
