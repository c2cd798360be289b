import type { WorkflowStats } from "@flowdeck/shared/workflows/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { workflowKeys, workflowsPath } from "./workflow-keys.ts";

export function getWorkflowStats(orgId: string, signal?: AbortSignal) {
  return api<WorkflowStats>(workflowsPath(orgId, "/stats"), { signal });
}

export function workflowStatsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: workflowKeys.stats(orgId),
    queryFn: ({ signal }) => getWorkflowStats(orgId, signal),
  });
}

export function useWorkflowStats(orgId: string) {
  return useQuery(workflowStatsQueryOptions(orgId));
}
