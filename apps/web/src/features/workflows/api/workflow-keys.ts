import type { RunsQuery, WorkflowListQuery } from "@flowdeck/shared/workflows/schemas";
import { orgKey, orgPath } from "@/lib/org-api.ts";

/**
 * Every key starts with orgKey(orgId, "workflow"): the live-update hook invalidates that prefix
 * when the server announces a workflow change, so lists, statistics and runs refresh for everyone.
 */
export const workflowKeys = {
  all: (orgId: string) => orgKey(orgId, "workflow"),
  list: (orgId: string, query: WorkflowListQuery) => orgKey(orgId, "workflow", "list", query),
  stats: (orgId: string) => orgKey(orgId, "workflow", "stats"),
  runs: (orgId: string, workflowId: string, query: RunsQuery) => orgKey(orgId, "workflow", "runs", workflowId, query),
  runOptions: (orgId: string, workflowId: string) => orgKey(orgId, "workflow", "run-options", workflowId),
  /** Under orgKey(orgId, "run"): live `run` events (a step, a log batch, the end) refresh it. */
  run: (orgId: string, runId: string) => orgKey(orgId, "run", runId),
  allRuns: (orgId: string) => orgKey(orgId, "run"),
  /** Under orgKey(orgId, "task"): a command added, changed or deleted refreshes the form's picker. */
  commands: (orgId: string, search: string) => orgKey(orgId, "task", "workflow-commands", search),
  /** Under orgKey(orgId, "runner"): a runner registered, renamed or revoked refreshes the filter. */
  historyRunners: (orgId: string) => orgKey(orgId, "runner", "history-filter"),
};

export function runPath(orgId: string, runId: string, rest = "") {
  return orgPath(orgId, `runs/${encodeURIComponent(runId)}${rest}`);
}

export function workflowsPath(orgId: string, rest = "") {
  return orgPath(orgId, `workflows${rest}`);
}

export function workflowPath(orgId: string, workflowId: string, rest = "") {
  return workflowsPath(orgId, `/${encodeURIComponent(workflowId)}${rest}`);
}
