import { and, count, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/database.ts";
import { documents, memberships, organizations, workflowRuns, workflows } from "../../db/schema/index.ts";

/** The organizations whose "Weekly reports" setting is on, with their clock and age. */
export async function findWeeklyReportOrganizations(db: Executor) {
  return db
    .select({ id: organizations.id, timezone: organizations.timezone, createdAt: organizations.createdAt })
    .from(organizations)
    .where(sql`(${organizations.notifications} ->> 'weeklyReports')::boolean`);
}

/**
 * What happened in the organization from `from` (inclusive) to `to`: its runs by status, the five
 * workflows that failed most (`failures` are the statuses that count), members who joined and
 * documents added.
 */
export async function countWeek(
  tx: Executor,
  options: { organizationId: string; from: Date; to: Date; failures: readonly string[] },
) {
  const { organizationId, from, to, failures } = options;
  const inWeek = (column: PgColumn) => and(gte(column, from), lt(column, to));
  const runs = await tx
    .select({ status: workflowRuns.status, count: count() })
    .from(workflowRuns)
    .where(
      and(
        eq(workflowRuns.organizationId, organizationId),
        inWeek(workflowRuns.startedAt),
        isNull(workflowRuns.parentRunId),
      ),
    )
    .groupBy(workflowRuns.status);
  const failingWorkflows = await tx
    .select({ name: workflows.name, failures: count() })
    .from(workflowRuns)
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .where(
      and(
        eq(workflowRuns.organizationId, organizationId),
        inWeek(workflowRuns.startedAt),
        isNull(workflowRuns.parentRunId),
        inArray(workflowRuns.status, [...failures] as (typeof workflowRuns.$inferSelect)["status"][]),
      ),
    )
    .groupBy(workflows.id, workflows.name)
    .orderBy(desc(count()), workflows.name)
    .limit(5);
  const [joined] = await tx
    .select({ count: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), inWeek(memberships.createdAt)));
  const [added] = await tx
    .select({ count: count() })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), inWeek(documents.createdAt)));
  return { runs, failingWorkflows, membersJoined: joined?.count ?? 0, documentsAdded: added?.count ?? 0 };
}
