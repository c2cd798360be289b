import type { RunsQuery, WorkflowListQuery } from "@flowdeck/shared/workflows/schemas";

/**
 * Every key starts with ["orgs", orgId, "workflow"]: the live-update hook invalidates that prefix
 * when the server announces a workflow change, so lists, statistics and runs refresh for everyone.
 */
export const workflowKeys = {
  all: (orgId: string) => ["orgs", orgId, "workflow"] as const,
  list: (orgId: string, query: WorkflowListQuery) => ["orgs", orgId, "workflow", "list", query] as const,
  stats: (orgId: string) => ["orgs", orgId, "workflow", "stats"] as const,
  runs: (orgId: string, workflowId: string, query: RunsQuery) =>
    ["orgs", orgId, "workflow", "runs", workflowId, query] as const,
  runOptions: (orgId: string, workflowId: string) => ["orgs", orgId, "workflow", "run-options", workflowId] as const,
  /** Under ["orgs", orgId, "run"]: live `run` events (a step, a log batch, the end) refresh it. */
  run: (orgId: string, runId: string) => ["orgs", orgId, "run", runId] as const,
  allRuns: (orgId: string) => ["orgs", orgId, "run"] as const,
};

export function runPath(orgId: string, runId: string, rest = "") {
  return `/api/orgs/${encodeURIComponent(orgId)}/runs/${encodeURIComponent(runId)}${rest}`;
}

export function workflowsPath(orgId: string, rest = "") {
  return `/api/orgs/${encodeURIComponent(orgId)}/workflows${rest}`;
}

export function workflowPath(orgId: string, workflowId: string, rest = "") {
  return workflowsPath(orgId, `/${encodeURIComponent(workflowId)}${rest}`);
}
