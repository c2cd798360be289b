import { HISTORY_MESSAGES, type RunHistoryQuery } from "@flowdeck/shared/runs/history";
import { and, asc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { afterCursor, cursorPosition, keysetOrder, type KeysetColumns } from "../../db/keyset.ts";
import { runners, user, workflowRunDays, workflowRuns, workflows } from "../../db/schema/index.ts";
import { runColumns } from "./repository.ts";

/** The health panel's window: today (UTC) and the 29 days before. */
const HEALTH_DAYS = 30;

/** Runs are in the order they were asked for: the one cursor (db/keyset.ts) walks started_at and id. */
const HISTORY_ORDER: KeysetColumns = { createdAt: workflowRuns.startedAt, id: workflowRuns.id };

/**
 * Runs newest first after the cursor: a workflow's on `workflow_runs_history_idx` (workflow,
 * started_at desc, id desc), or the whole organization's on `workflow_runs_org_history_idx`: each
 * page costs the same however long the history is. One row more than asked says whether another
 * page follows. Each row names its workflow.
 */
export async function listHistory(
  db: Executor,
  options: { organizationId: string; workflowId: string | undefined; query: RunHistoryQuery },
) {
  const { organizationId, workflowId, query } = options;
  return db
    .select({ ...runColumns, workflowName: workflows.name, position: cursorPosition(HISTORY_ORDER) })
    .from(workflowRuns)
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .leftJoin(user, eq(user.id, workflowRuns.startedBy))
    .leftJoin(runners, eq(runners.id, workflowRuns.runnerId))
    .where(
      and(
        eq(workflowRuns.organizationId, organizationId),
        workflowId ? eq(workflowRuns.workflowId, workflowId) : undefined,
        // Runs, not a fan-out's targets (decision 080); a runner filter finds the fan-outs it took part in.
        isNull(workflowRuns.parentRunId),
        query.status ? eq(workflowRuns.status, query.status) : undefined,
        query.trigger ? eq(workflowRuns.trigger, query.trigger) : undefined,
        query.runnerId ? ranOn(query.runnerId) : undefined,
        query.from ? gte(workflowRuns.startedAt, new Date(query.from)) : undefined,
        query.to ? lte(workflowRuns.startedAt, new Date(query.to)) : undefined,
        afterCursor(HISTORY_ORDER, query.cursor, HISTORY_MESSAGES.cursorInvalid),
      ),
    )
    .orderBy(...keysetOrder(HISTORY_ORDER))
    .limit(query.limit + 1);
}

/** The run was executed by the runner, or is a fan-out one of whose targets was. */
function ranOn(runnerId: string) {
  return or(
    eq(workflowRuns.runnerId, runnerId),
    sql`exists (select 1 from ${workflowRuns} t where t.parent_run_id = ${workflowRuns.id} and t.runner_id = ${runnerId})`,
  );
}

/**
 * Each workflow of the organization with its last run, and its runs ended on the 30 UTC days up to
 * `now`'s, from the per-day counts (decision 034): at most 30 rows a workflow, however many runs.
 */
export async function workflowHealth(db: Executor, organizationId: string, now: Date) {
  const result = await db.execute(sql`
    select w.id as workflow_id, w.name, l.status as last_status, l.started_at as last_run_at,
      s.ended, s.succeeded
    from ${workflows} w
    left join lateral (
      select r.status, r.started_at from ${workflowRuns} r
      where r.workflow_id = w.id and r.parent_run_id is null order by r.started_at desc, r.id desc limit 1
    ) l on true
    cross join lateral (
      select coalesce(sum(d.ended), 0)::int as ended, coalesce(sum(d.succeeded), 0)::int as succeeded
      from ${workflowRunDays} d
      where d.workflow_id = w.id
        and d.day > (${now.toISOString()}::timestamptz at time zone 'UTC')::date - ${HEALTH_DAYS}::int
    ) s
    where w.organization_id = ${organizationId}
    order by w.name, w.id
    limit 500`);
  // Both drivers (node-postgres and PGlite) answer with `rows`.
  return (
    result as unknown as {
      rows: {
        workflow_id: string;
        name: string;
        last_status: string | null;
        last_run_at: string | Date | null;
        ended: number;
        succeeded: number;
      }[];
    }
  ).rows;
}

/** The organization's runners by name, revoked ones last: what the history's runner filter offers. */
export async function listRunnersForHistory(db: Executor, organizationId: string) {
  return db
    .select({ id: runners.id, name: runners.name, revokedAt: runners.revokedAt })
    .from(runners)
    .where(eq(runners.organizationId, organizationId))
    .orderBy(sql`${runners.revokedAt} is not null`, asc(runners.name), asc(runners.id));
}
