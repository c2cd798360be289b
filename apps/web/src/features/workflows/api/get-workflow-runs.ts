import type { RunsQuery, WorkflowRunPage } from "@flowdeck/shared/workflows/schemas";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { workflowKeys, workflowPath } from "./workflow-keys.ts";

export function getWorkflowRuns(orgId: string, workflowId: string, query: RunsQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(query.page ?? 1), pageSize: String(query.pageSize ?? 5) });
  return api<WorkflowRunPage>(workflowPath(orgId, workflowId, `/runs?${params}`), { signal });
}

export function workflowRunsQueryOptions(orgId: string, workflowId: string, query: RunsQuery) {
  return queryOptions({
    queryKey: workflowKeys.runs(orgId, workflowId, query),
    queryFn: ({ signal }) => getWorkflowRuns(orgId, workflowId, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A workflow's run history, fetched while its card is expanded. */
export function useWorkflowRuns(orgId: string, workflowId: string, query: RunsQuery, enabled: boolean) {
  return useQuery({ ...workflowRunsQueryOptions(orgId, workflowId, query), enabled });
}
