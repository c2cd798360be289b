import type { KeysetQuery } from "@flowdeck/shared";
import { RECENT_RUNS, WORKFLOW_RECENT_DAYS } from "@flowdeck/shared/workflows/constants";
import type {
  WorkflowCommandPage,
  WorkflowDetail,
  WorkflowListFilters,
  WorkflowPage,
  WorkflowStats,
} from "@flowdeck/shared/workflows/schemas";
import type { Database } from "../../db/database.ts";
import { listTasks } from "../tasks/repository.ts";
import { loadWorkflow, withStepsAndRuns } from "./load-workflow.ts";
import { listWorkflows as listWorkflowRows, organizationTimezone, workflowStatistics } from "./repository.ts";
import { listRecentRuns } from "../runs/repository.ts";
import { toRun } from "../runs/to-run.ts";

type Scope = { db: Database; organizationId: string };

/** Spec 7: the organization's workflows, newest first, by status and creator, with their steps. */
export async function listWorkflows({
  db,
  organizationId,
  filters,
  page,
}: Scope & { filters: WorkflowListFilters; page: KeysetQuery }): Promise<WorkflowPage> {
  const [rows, timezone] = await Promise.all([
    listWorkflowRows(db, organizationId, filters, page),
    organizationTimezone(db, organizationId),
  ]);
  return { ...rows, items: await withStepsAndRuns(db, organizationId, rows.items), timezone };
}

/** Spec 7: read by id with its tasks; here also its recent runs and the organization's timezone. */
export async function getWorkflow({
  db,
  organizationId,
  workflowId,
}: Scope & { workflowId: string }): Promise<WorkflowDetail> {
  const workflow = await loadWorkflow(db, organizationId, workflowId);
  const [runs, timezone] = await Promise.all([
    listRecentRuns(db, organizationId, workflowId, RECENT_RUNS),
    organizationTimezone(db, organizationId),
  ]);
  return { ...workflow, runs: runs.map(({ run, steps }) => toRun(run, steps)), timezone };
}

/** Spec 9: total, by status, recently created (7 days), overdue, average progress rounded. */
export async function getWorkflowStats({
  db,
  organizationId,
  now = new Date(),
}: Scope & { now?: Date }): Promise<WorkflowStats> {
  const row = await workflowStatistics(db, organizationId, now, WORKFLOW_RECENT_DAYS);
  return {
    total: row?.total ?? 0,
    byStatus: {
      draft: row?.draft ?? 0,
      active: row?.active ?? 0,
      "in-progress": row?.inProgress ?? 0,
      completed: row?.completed ?? 0,
    },
    recentlyCreated: row?.recentlyCreated ?? 0,
    overdue: row?.overdue ?? 0,
    averageProgress: Number(row?.averageProgress ?? 0),
    totalCommands: Number(row?.totalCommands ?? 0),
  };
}

/**
 * What the form's command picker offers: only active commands (spec 5 "Workflow form"), a page at a
 * time, newest first, searched as the tasks list is; an organization may have 100,000 of them
 * (docs/decisions/050).
 */
export async function listSelectableCommands({
  db,
  organizationId,
  q,
  page,
}: Scope & { q: string | undefined; page: KeysetQuery }): Promise<WorkflowCommandPage> {
  const tasks = await listTasks(db, organizationId, { status: "active", q }, page);
  return {
    ...tasks,
    items: tasks.items.map(({ id, name, description, category, status }) => ({
      id,
      name,
      description,
      category,
      status,
    })),
  };
}
