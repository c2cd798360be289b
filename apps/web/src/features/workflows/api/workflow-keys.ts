import type { WorkflowListQuery } from "@flowdeck/shared/workflows/schemas";
import { orgKey, orgPath } from "@/lib/org-api.ts";

/**
 * Every key starts with orgKey(orgId, "workflow"): the live-update hook invalidates that family
 * when the server announces a workflow's or a run's change, so lists and statistics refresh for everyone.
 */
export const workflowKeys = {
  all: (orgId: string) => orgKey(orgId, "workflow"),
  list: (orgId: string, query: WorkflowListQuery) => orgKey(orgId, "workflow", "list", query),
  stats: (orgId: string) => orgKey(orgId, "workflow", "stats"),
  /** Every workflow, a page at a time: what "Run after" offers to follow. */
  choices: (orgId: string) => orgKey(orgId, "workflow", "choices"),
  runOptions: (orgId: string, workflowId: string) => orgKey(orgId, "workflow", "run-options", workflowId),
  /** Under orgKey(orgId, "task"): a command added, changed or deleted refreshes the form's picker. */
  commands: (orgId: string, search: string) => orgKey(orgId, "task", "workflow-commands", search),
};

export function workflowsPath(orgId: string, rest = "") {
  return orgPath(orgId, `workflows${rest}`);
}

export function workflowPath(orgId: string, workflowId: string, rest = "") {
  return workflowsPath(orgId, `/${encodeURIComponent(workflowId)}${rest}`);
}
