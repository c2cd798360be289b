import { and, asc, eq, getTableColumns, gt, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { organizations, workflowRuns, workflows } from "../../db/schema/index.ts";

const enabled = sql`(${workflows.schedule} ->> 'isEnabled') = 'true'`;

/** In progress, or a run of it queued or running. */
const busy = sql`(${workflows.status} = 'in-progress' or exists (select 1 from ${workflowRuns} where ${workflowRuns.workflowId} = ${workflows.id} and ${workflowRuns.status} in ('awaiting-approval', 'queued', 'running')))`;

/**
 * Claims up to `limit` due workflows for this transaction (ARCHITECTURE "Decisions on gaps"): the
 * schedule is enabled and the next execution is at or before `now`. A workflow whose policy queues
 * (decision 028) is left due while it is busy — in progress or with a run queued or running — so it
 * runs once that ends; busy workflows of the other policies are claimed, to be skipped or to cancel
 * the run under way (the scheduler decides, under this lock). FOR UPDATE SKIP LOCKED: rows another instance has claimed are passed over, never
 * waited for, and once that instance commits they are no longer due. So several instances on one
 * database never run the same workflow twice.
 */
export async function claimDueWorkflows(db: Executor, now: Date, limit: number) {
  return db
    .select({ ...getTableColumns(workflows), timezone: organizations.timezone })
    .from(workflows)
    .innerJoin(organizations, eq(organizations.id, workflows.organizationId))
    .where(
      and(enabled, lte(workflows.nextExecution, now), sql`not (${workflows.concurrencyPolicy} = 'queue' and ${busy})`),
    )
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
