import { orgKey } from "@/lib/org-api.ts";
import { workflowPath } from "./workflow-keys.ts";

/** Keys start with orgKey(orgId, "hook"): a webhook's change or call refreshes them (LIVE_REFRESH). */
export const hookKeys = {
  all: (orgId: string) => orgKey(orgId, "hook"),
  list: (orgId: string, workflowId: string) => orgKey(orgId, "hook", "list", workflowId),
};

export function hooksPath(orgId: string, workflowId: string, rest = "") {
  return workflowPath(orgId, workflowId, `/hooks${rest}`);
}
