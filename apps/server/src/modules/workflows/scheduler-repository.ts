import { and, asc, eq, getTableColumns, gt, lte, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { organizations, workflows } from "../../db/schema/index.ts";

const enabled = sql`(${workflows.schedule} ->> 'isEnabled') = 'true'`;

/**
 * Claims up to `limit` due workflows for this transaction (ARCHITECTURE "Decisions on gaps"): the
 * schedule is enabled, the next execution is at or before `now`, and the workflow is not already
 * in progress. FOR UPDATE SKIP LOCKED: rows another instance has claimed are passed over, never
 * waited for, and once that instance commits they are no longer due. So several instances on one
 * database never run the same workflow twice.
 */
export async function claimDueWorkflows(db: Executor, now: Date, limit: number) {
  return db
    .select({ ...getTableColumns(workflows), timezone: organizations.timezone })
    .from(workflows)
    .innerJoin(organizations, eq(organizations.id, workflows.organizationId))
    .where(and(enabled, lte(workflows.nextExecution, now), ne(workflows.status, "in-progress")))
    .orderBy(asc(workflows.nextExecution), asc(workflows.id))
    .limit(limit)
    .for("update", { of: workflows, skipLocked: true });
}

/**
 * Workflows waiting for a future run whose next execution was computed on another clock than the
 * organization's current one (its timezone was changed in the settings); all organizations, or
 * one. Rows another transaction holds are passed over.
 */
export async function claimRetimedWorkflows(
  db: Executor,
  options: { now: Date; limit: number; organizationId?: string },
) {
  return db
    .select({
      id: workflows.id,
      organizationId: workflows.organizationId,
      schedule: workflows.schedule,
      timezone: organizations.timezone,
    })
    .from(workflows)
    .innerJoin(organizations, eq(organizations.id, workflows.organizationId))
    .where(
      and(
        enabled,
        gt(workflows.nextExecution, options.now),
        sql`${workflows.scheduleTimezone} is distinct from ${organizations.timezone}`,
        options.organizationId ? eq(workflows.organizationId, options.organizationId) : undefined,
      ),
    )
    .limit(options.limit)
    .for("update", { of: workflows, skipLocked: true });
}
