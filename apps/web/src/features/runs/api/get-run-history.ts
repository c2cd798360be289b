import type { OrgRunsPage, RunHistoryPage, WorkflowHealth } from "@flowdeck/shared/runs/history";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { orgPath } from "@/lib/org-api.ts";
import { runKeys, workflowRunsPath } from "./run-keys.ts";

/** The history's filters as the page holds them; empty strings are left out of the request. */
export type HistoryFilters = { status: string; trigger: string; runnerId: string; from: string; to: string };

function historyParams(filters: HistoryFilters, cursor: string | null) {
  const params = new URLSearchParams({ limit: "25" });
  if (filters.status) params.set("status", filters.status);
  if (filters.trigger) params.set("trigger", filters.trigger);
  if (filters.runnerId) params.set("runnerId", filters.runnerId);
  // Whole days on this browser's clock.
  if (filters.from) params.set("from", new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to) params.set("to", new Date(`${filters.to}T23:59:59.999`).toISOString());
  if (cursor) params.set("cursor", cursor);
  return params;
}

/** A workflow's run history, a keyset page at a time ("Show more" fetches the next). */
export function useRunHistory(orgId: string, workflowId: string, filters: HistoryFilters) {
  return useInfiniteQuery({
    queryKey: runKeys.history(orgId, workflowId, filters),
    queryFn: ({ pageParam, signal }) =>
      api<RunHistoryPage>(workflowRunsPath(orgId, workflowId, `/history?${historyParams(filters, pageParam)}`), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The Runs page's filters: the history's, and which workflow ("" for every one). */
export type OrgRunFilters = HistoryFilters & { workflowId: string };

/** Every run of the organization (decision 087), a keyset page at a time. */
export function useOrgRuns(orgId: string, filters: OrgRunFilters) {
  return useInfiniteQuery({
    queryKey: runKeys.orgRuns(orgId, filters),
    queryFn: ({ pageParam, signal }) => {
      const params = historyParams(filters, pageParam);
      if (filters.workflowId) params.set("workflowId", filters.workflowId);
      return api<OrgRunsPage>(orgPath(orgId, `runs?${params}`), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Each workflow's last status and success rate over 30 days, for the dashboard. */
export function useWorkflowHealth(orgId: string) {
  return useQuery({
    queryKey: runKeys.health(orgId),
    queryFn: ({ signal }) => api<WorkflowHealth>(orgPath(orgId, `workflow-health`), { signal }),
  });
}
