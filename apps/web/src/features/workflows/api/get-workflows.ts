import type { WorkflowListQuery, WorkflowPage } from "@flowdeck/shared/workflows/schemas";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { workflowKeys, workflowsPath } from "./workflow-keys.ts";

export function getWorkflows(orgId: string, query: WorkflowListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  return api<WorkflowPage>(workflowsPath(orgId, `?${params}`), { signal });
}

export function workflowsQueryOptions(orgId: string, query: WorkflowListQuery) {
  return queryOptions({
    queryKey: workflowKeys.list(orgId, query),
    queryFn: ({ signal }) => getWorkflows(orgId, query, signal),
    // Paging and filtering keep the previous cards on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useWorkflows(orgId: string, query: WorkflowListQuery) {
  return useQuery(workflowsQueryOptions(orgId, query));
}
