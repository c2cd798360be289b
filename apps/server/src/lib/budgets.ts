import { createHash } from "node:crypto";
import { AppError, MESSAGES } from "@flowdeck/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";

/** The window every budget and rate limit counts in. */
const WINDOW_MS = 60_000;

/** One hit on `key` in rate_limit_counters: the hits in its window so far and the milliseconds left. */
export async function countHit(
  db: Database,
  key: string,
  windowMs = WINDOW_MS,
): Promise<{ current: number; ttl: number }> {
  const result = await db.execute<{ hits: number; ttl: number }>(
    sql`insert into rate_limit_counters (key, hits, reset_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when rate_limit_counters.reset_at <= now() then 1 else rate_limit_counters.hits + 1 end,
          reset_at = case when rate_limit_counters.reset_at <= now() then excluded.reset_at
                          else rate_limit_counters.reset_at end
        returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::integer as ttl`,
  );
  const row = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows[0];
  return { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? windowMs) };
}

/** A spent budget: 429, and the error handler says when to come back (Retry-After). */
export class BudgetSpentError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("resource-exhausted", MESSAGES.tooManyAttempts);
  }
}

/** One budget a use case spends from: `max` a minute for `key` (what is counted, and whose). */
export type Budget = { key: string; max: number };

/** A key part for an e-mail address: a fixed length whatever is sent, and no addresses in the table. */
export function addressKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
}

/**
 * Spends one from each budget, in the shared store (every instance counts together), and throws
 * BudgetSpentError when any is spent. Every budget is counted whoever asks, a person or a token on
 * its creator's behalf: unlike @fastify/rate-limit, which checks only the first limit a request
 * meets, no limit hides another.
 */
export async function spendBudgets(db: Database, budgets: Budget[]): Promise<void> {
  let waitMs = 0;
  for (const budget of budgets) {
    const { current, ttl } = await countHit(db, `budget:${budget.key}`);
    if (current > budget.max) waitMs = Math.max(waitMs, ttl);
  }
  if (waitMs > 0) throw new BudgetSpentError(Math.max(1, Math.ceil(waitMs / 1000)));
}
