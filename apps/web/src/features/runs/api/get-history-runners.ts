import type { HistoryRunners } from "@flowdeck/shared/runs/history";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { orgPath } from "@/lib/org-api.ts";
import { runKeys } from "./run-keys.ts";

/** The organization's runners for the history's runner filter (any member may read them). */
export function historyRunnersQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: runKeys.historyRunners(orgId),
    queryFn: ({ signal }) => api<HistoryRunners>(orgPath(orgId, "history/runners"), { signal }),
  });
}

export function useHistoryRunners(orgId: string) {
  return useQuery(historyRunnersQueryOptions(orgId));
}
