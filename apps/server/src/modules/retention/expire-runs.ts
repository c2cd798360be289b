import type { Database } from "../../db/database.ts";
import { claimRetentionTurn, deleteExpiredRuns, deleteOldNotifications, deleteRunsOverCap } from "./repository.ts";

export type RetentionResult = { runs: number; notifications: number; claimed: boolean };

/**
 * One batch of retention (decision 029), its own transaction: it first takes the retention advisory
 * lock without waiting — another instance holding it is at work, and this one leaves the turn to it
 * — then deletes at most `batchSize` runs past their organization's days, runs past their
 * workflow's cap (pinned runs never), and old sent notifications.
 */
export function expireBatch(db: Database, now: Date, batchSize: number): Promise<RetentionResult> {
  return db.transaction(async (tx) => {
    if (!(await claimRetentionTurn(tx))) return { runs: 0, notifications: 0, claimed: false };
    let runs = await deleteExpiredRuns(tx, now, batchSize);
    if (runs < batchSize) runs += await deleteRunsOverCap(tx, batchSize - runs);
    const notifications = await deleteOldNotifications(tx, now, batchSize);
    return { runs, notifications, claimed: true };
  });
}
