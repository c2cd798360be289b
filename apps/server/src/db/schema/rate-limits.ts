import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Counters of @fastify/rate-limit (plugins/rate-limit-store.ts), shared by every instance on the
 * database: one row per route and key (an address or an account) for the current window.
 */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
