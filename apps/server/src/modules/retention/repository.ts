import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import {
  notificationDeliveries,
  notificationsTold,
  organizations,
  workflowRuns,
  workflows,
} from "../../db/schema/index.ts";

/** Both drivers (node-postgres and PGlite) answer `execute` with `rows`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The organization's retention settings; undefined for no such organization. */
export async function findRetention(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ keepRunsDays: organizations.keepRunsDays, maxRunsPerWorkflow: organizations.maxRunsPerWorkflow })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

/** Any number: the key every instance's retention job takes, so only one works at a time. */
const RETENTION_LOCK_KEY = 7_316_016;

/**
 * Claims this transaction's retention turn: true when no other instance's job holds it. The lock
 * is the transaction's, released at its commit, so a dead instance never keeps it.
 */
export async function claimRetentionTurn(tx: Executor) {
  const [row] = rowsOf<{ claimed: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as claimed`),
  );
  return row?.claimed === true;
}

const ended = sql`${workflowRuns.status} not in ('awaiting-approval', 'queued', 'running')`;

/**
 * Deletes up to `limit` ended, unpinned runs older than their organization's days (their steps
 * and log chunks go with them, by cascade). Rows another transaction holds are passed over.
 */
export async function deleteExpiredRuns(tx: Executor, now: Date, limit: number) {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      delete from ${workflowRuns} where id in (
        select r.id from ${workflowRuns} r
        join ${organizations} o on o.id = r.organization_id
        where not r.pinned and r.status not in ('awaiting-approval', 'queued', 'running')
          and r.parent_run_id is null
          and r.started_at < ${now.toISOString()}::timestamptz - make_interval(days => o.keep_runs_days)
        limit ${limit}
        for update of r skip locked
      ) returning id`),
  );
  return rows.length;
}

/**
 * Deletes up to `limit` ended, unpinned runs past their workflow's cap: runs are counted newest
 * first (started_at desc, id desc, on the workflow's index), pinned and running ones included.
 */
export async function deleteRunsOverCap(tx: Executor, limit: number) {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      delete from ${workflowRuns} where id in (
        select x.id from ${workflows} w
        join ${organizations} o on o.id = w.organization_id
        cross join lateral (
          select r.id, r.pinned, r.status from ${workflowRuns} r
          where r.workflow_id = w.id and r.parent_run_id is null
          order by r.started_at desc, r.id desc
          offset o.max_runs_per_workflow
        ) x
        where not x.pinned and x.status not in ('awaiting-approval', 'queued', 'running')
        limit ${limit}
      ) and ${ended} and not ${workflowRuns.pinned} returning id`),
  );
  return rows.length;
}

/**
 * Deletes up to `limit` sent or failed notifications (their attempts go by cascade) and told
 * keys older than their organization's days: the outbox does not grow for ever (decision 026).
 */
export async function deleteOldNotifications(tx: Executor, now: Date, limit: number) {
  const at = now.toISOString();
  const deliveries = rowsOf<{ id: string }>(
    await tx.execute(sql`
      delete from ${notificationDeliveries} where id in (
        select d.id from ${notificationDeliveries} d
        join ${organizations} o on o.id = d.organization_id
        where d.status <> 'pending'
          and d.created_at < ${at}::timestamptz - make_interval(days => o.keep_runs_days)
        limit ${limit}
        for update of d skip locked
      ) returning id`),
  );
  const told = rowsOf<{ key: string }>(
    await tx.execute(sql`
      delete from ${notificationsTold} where key in (
        select t.key from ${notificationsTold} t
        join ${organizations} o on o.id = t.organization_id
        where t.created_at < ${at}::timestamptz - make_interval(days => o.keep_runs_days)
        limit ${limit}
        for update of t skip locked
      ) returning key`),
  );
  return deliveries.length + told.length;
}
