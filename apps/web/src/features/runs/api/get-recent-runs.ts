import type { RunHistoryPage } from "@flowdeck/shared/runs/history";
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { runKeys, workflowRunsPath } from "./run-keys.ts";

const PAGE = 5;

/** A workflow's latest runs for its card: the run history's first page, then older ones on demand. */
export function useRecentRuns(orgId: string, workflowId: string) {
  return useInfiniteQuery({
    queryKey: runKeys.recent(orgId, workflowId, PAGE),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE) });
      if (pageParam) params.set("cursor", pageParam);
      return api<RunHistoryPage>(workflowRunsPath(orgId, workflowId, `/history?${params}`), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
