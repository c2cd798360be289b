import { RECENT_DAYS } from "@flowdeck/shared/dashboard/schemas";
import type { CreditTransactionType } from "@flowdeck/shared/credits/amounts";
import type { Role } from "@flowdeck/shared/permissions/roles";
import type { TaskStatus } from "@flowdeck/shared/tasks/constants";
import type { WorkflowStatus } from "@flowdeck/shared/workflows/constants";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { literal } from "../../db/schema/columns.ts";
import { creditTransactions, documents, memberships, organizations, tasks, workflows } from "../../db/schema/index.ts";

type OverviewRow = {
  id: string;
  name: string;
  balance: number;
  owners: number;
  admins: number;
  editors: number;
  viewers: number;
  unassigned: number;
  tasks_total: number;
  tasks_active: number;
  workflows_total: number;
  workflows_draft: number;
  workflows_active: number;
  workflows_in_progress: number;
  workflows_completed: number;
  documents_total: number;
  documents_recent: number;
  consumed_7: number;
  consumed_30: number;
  added_30: number;
};

/**
 * Everything the dashboard counts, in one statement: each feature's table is read with its
 * organization index, and nothing is kept in sync elsewhere (so nothing can drift). Each subquery
 * names the organization as the parameter, not as `o.id`: the planner then estimates that
 * organization's own rows, and a small organization beside a large one reads its few rows through
 * the index instead of scanning everyone's (97 ms for 100 rows beside 100,000 on PGlite).
 */
export async function readOverview(db: Executor, organizationId: string) {
  // Both drivers (node-postgres and PGlite) answer with `rows`.
  const result = (await db.execute(sql`
    select o.id, o.name, o.credits as balance,
      m.owners, m.admins, m.editors, m.viewers, m.unassigned,
      t.total as tasks_total, t.active as tasks_active,
      w.total as workflows_total, w.draft as workflows_draft, w.active as workflows_active,
      w.in_progress as workflows_in_progress, w.completed as workflows_completed,
      d.total as documents_total, d.recent as documents_recent,
      c.consumed_7, c.consumed_30, c.added_30
    from ${organizations} o
    cross join lateral (
      select count(*) filter (where role = ${literal<Role>("owner")})::int as owners,
        count(*) filter (where role = ${literal<Role>("admin")})::int as admins,
        count(*) filter (where role = ${literal<Role>("editor")})::int as editors,
        count(*) filter (where role = ${literal<Role>("viewer")})::int as viewers,
        count(*) filter (where role is null)::int as unassigned
      from ${memberships} where organization_id = ${organizationId}
    ) m
    cross join lateral (
      select count(*)::int as total, count(*) filter (where status = ${literal<TaskStatus>("active")})::int as active
      from ${tasks} where organization_id = ${organizationId}
    ) t
    cross join lateral (
      select count(*)::int as total,
        count(*) filter (where status = ${literal<WorkflowStatus>("draft")})::int as draft,
        count(*) filter (where status = ${literal<WorkflowStatus>("active")})::int as active,
        count(*) filter (where status = ${literal<WorkflowStatus>("in-progress")})::int as in_progress,
        count(*) filter (where status = ${literal<WorkflowStatus>("completed")})::int as completed
      from ${workflows} where organization_id = ${organizationId}
    ) w
    cross join lateral (
      select count(*)::int as total,
        count(*) filter (where created_at >= now() - make_interval(days => ${RECENT_DAYS}::int))::int as recent
      from ${documents} where organization_id = ${organizationId}
    ) d
    cross join lateral (
      select coalesce(-sum(amount) filter (where type = ${literal<CreditTransactionType>("consumption")} and created_at >= now() - interval '7 days'), 0)::float8 as consumed_7,
        coalesce(-sum(amount) filter (where type = ${literal<CreditTransactionType>("consumption")}), 0)::float8 as consumed_30,
        coalesce(sum(amount) filter (where type = ${literal<CreditTransactionType>("addition")}), 0)::float8 as added_30
      from ${creditTransactions} where organization_id = ${organizationId} and created_at >= now() - interval '30 days'
    ) c
    where o.id = ${organizationId}
  `)) as unknown as { rows: OverviewRow[] };
  return result.rows[0];
}
