import { AppError } from "@flowdeck/shared";
import {
  type HistoryRunners,
  type OrgRunsPage,
  type OrgRunsQuery,
  type RunHistoryPage,
  type RunHistoryQuery,
  type WorkflowHealth,
} from "@flowdeck/shared/runs/history";
import type { RunStatus } from "@flowdeck/shared/runs/constants";
import type { Executor } from "../../db/database.ts";
import { findWorkflow, listSteps } from "../workflows/repository.ts";
import { runOptions } from "./execution.ts";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { keysetNextCursor } from "../../db/keyset.ts";
import { listHistory, listRunnersForHistory, workflowHealth } from "./history-repository.ts";
import { toLastRun } from "./to-run.ts";

type Scope = { db: Executor; organizationId: string };

/** A page of the workflow's history (decision 030); 404 for another organization's workflow. */
export async function getRunHistory({
  db,
  organizationId,
  workflowId,
  query,
}: Scope & { workflowId: string; query: RunHistoryQuery }): Promise<RunHistoryPage> {
  // Only whether it is the organization's: one statement, not the workflow with its steps and runs.
  if (!(await findWorkflow(db, organizationId, workflowId)))
    throw new AppError("not-found", WORKFLOW_MESSAGES.notFound);
  const rows = await listHistory(db, { organizationId, workflowId, query });
  return { items: rows.slice(0, query.limit).map(toLastRun), nextCursor: keysetNextCursor(rows, query.limit) };
}

/**
 * A page of every run of the organization (decision 087), optionally of one workflow: a workflow
 * of another organization, or none, simply has no runs here.
 */
export async function getOrgRuns({ db, organizationId, query }: Scope & { query: OrgRunsQuery }): Promise<OrgRunsPage> {
  const rows = await listHistory(db, { organizationId, workflowId: query.workflowId, query });
  return {
    items: rows.slice(0, query.limit).map((row) => ({ ...toLastRun(row), workflowName: row.workflowName })),
    nextCursor: keysetNextCursor(rows, query.limit),
  };
}

/** The runners the history can be filtered by: the organization's, revoked ones last. */
export async function getHistoryRunners({ db, organizationId }: Scope): Promise<HistoryRunners> {
  const rows = await listRunnersForHistory(db, organizationId);
  return { items: rows.map((row) => ({ id: row.id, name: row.name, revoked: row.revokedAt !== null })) };
}

/** The dashboard panel: each workflow's last status and its success rate over 30 days. */
export async function getWorkflowHealth({
  db,
  organizationId,
  now = new Date(),
}: Scope & { now?: Date }): Promise<WorkflowHealth> {
  const rows = await workflowHealth(db, organizationId, now);
  return {
    items: rows.map((row) => ({
      workflowId: row.workflow_id,
      name: row.name,
      lastStatus: row.last_status as RunStatus | null,
      lastRunAt: row.last_run_at === null ? null : new Date(row.last_run_at).toISOString(),
      ended: row.ended,
      succeeded: row.succeeded,
      successRate: row.ended === 0 ? null : Math.round((row.succeeded / row.ended) * 100),
    })),
  };
}

/** What Run now offers: the platforms with commands and the runners of each. */
export async function getRunOptions({ db, organizationId, workflowId }: Scope & { workflowId: string }) {
  const workflow = await findWorkflow(db, organizationId, workflowId);
  if (!workflow) throw new AppError("not-found", WORKFLOW_MESSAGES.notFound);
  const steps = await listSteps(db, organizationId, [workflowId]);
  return runOptions(db, workflow, steps, new Date());
}
