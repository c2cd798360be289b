import type { RunDetail } from "@flowdeck/shared/workflows/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { runPath, workflowKeys } from "./workflow-keys.ts";

export function runQueryOptions(orgId: string, runId: string) {
  return queryOptions({
    queryKey: workflowKeys.run(orgId, runId),
    queryFn: ({ signal }) => api<RunDetail>(runPath(orgId, runId), { signal }),
  });
}

/** One run for the run view; live events keep it current. */
export function useRun(orgId: string, runId: string) {
  return useQuery(runQueryOptions(orgId, runId));
}
