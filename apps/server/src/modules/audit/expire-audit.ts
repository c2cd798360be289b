import type { Database } from "../../db/database.ts";
import { deleteExpiredRows } from "./repository.ts";

/** Rows one statement deletes: small batches keep locks and the write-ahead log short. */
export const AUDIT_EXPIRY_BATCH = 500;

/** Deletes one batch of audit rows past their organization's retention; returns how many. */
export function deleteExpiredAuditBatch(db: Database): Promise<number> {
  return deleteExpiredRows(db, AUDIT_EXPIRY_BATCH);
}

/** One pass now (tests, and the first tick): deletes every expired row, a batch at a time. */
export async function purgeExpiredAuditRows(db: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteExpiredAuditBatch(db);
    total += deleted;
    if (deleted < AUDIT_EXPIRY_BATCH) return total;
  }
}
