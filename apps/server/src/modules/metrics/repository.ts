import { sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";

/** A scrape never counts more queued runs than this: the query stays bounded however long the queue. */
export const QUEUE_COUNT_LIMIT = 100_000;

/**
 * The queue now, in one statement over the partial index of queued runs: how many (up to
 * QUEUE_COUNT_LIMIT) and when the oldest was queued; and the runners heard from since `onlineSince`,
 * by platform. Nothing about any one organization leaves here.
 */
export async function readQueueAndRunners(db: Executor, onlineSince: Date) {
  // Both drivers (node-postgres and PGlite) answer with `rows`.
  const result = (await db.execute(sql`
    select
      (select count(*)::int from (
        select 1 from workflow_runs where status = 'queued' limit ${QUEUE_COUNT_LIMIT}
      ) queued) as depth,
      (select min(started_at) from workflow_runs where status = 'queued') as oldest,
      (select coalesce(json_agg(json_build_object('os', os, 'count', online)), '[]'::json) from (
        select os, count(*)::int as online from runners
        where revoked_at is null and last_seen_at > ${onlineSince.toISOString()}::timestamptz
        group by os
      ) by_os) as runners
  `)) as unknown as { rows: Array<{ depth: number; oldest: string | Date | null; runners: unknown }> };
  const row = result.rows[0]!;
  const runners = (typeof row.runners === "string" ? JSON.parse(row.runners) : row.runners) as Array<{
    os: string;
    count: number;
  }>;
  return { depth: Number(row.depth), oldest: row.oldest === null ? null : new Date(row.oldest), runners };
}
