import type { RunOptions } from "@flowdeck/shared/runs/schemas";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { workflowKeys, workflowPath } from "./workflow-keys.ts";

/** What Run now offers for a workflow: the platforms with commands and the runners of each. */
export function getRunOptions(orgId: string, workflowId: string, signal?: AbortSignal) {
  return api<RunOptions>(workflowPath(orgId, workflowId, "/run-options"), { signal });
}

/** Read afresh each time Run now is pressed: runners come and go. */
export function runOptionsQueryOptions(orgId: string, workflowId: string) {
  return queryOptions({
    queryKey: workflowKeys.runOptions(orgId, workflowId),
    queryFn: ({ signal }) => getRunOptions(orgId, workflowId, signal),
    staleTime: 0,
  });
}
