import { orgKey, orgPath } from "@/lib/org-api.ts";

/** The cached reads of runs (LIVE_REFRESH in packages/shared says what refreshes each family). */
export const runKeys = {
  /** Kept current by the run's own stream (use-run-stream.ts), never by the organization's. */
  run: (orgId: string, runId: string) => orgKey(orgId, "run-view", runId),
  /** Under "workflow": a run's start, state and end refresh a workflow's history and health. */
  history: (orgId: string, workflowId: string, filters: unknown) =>
    orgKey(orgId, "workflow", "history", workflowId, filters),
  orgRuns: (orgId: string, filters: unknown) => orgKey(orgId, "workflow", "org-runs", filters),
  recent: (orgId: string, workflowId: string, limit: number) =>
    orgKey(orgId, "workflow", "recent-runs", workflowId, limit),
  health: (orgId: string) => orgKey(orgId, "workflow", "health"),
  /** Under "runner": a runner registered, renamed or revoked refreshes the history's filter. */
  historyRunners: (orgId: string) => orgKey(orgId, "runner", "history-filter"),
};

export function runPath(orgId: string, runId: string, rest = "") {
  return orgPath(orgId, `runs/${encodeURIComponent(runId)}${rest}`);
}

export function workflowRunsPath(orgId: string, workflowId: string, rest: string) {
  return orgPath(orgId, `workflows/${encodeURIComponent(workflowId)}${rest}`);
}
