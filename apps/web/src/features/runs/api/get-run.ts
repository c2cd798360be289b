import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { runKeys, runPath } from "./run-keys.ts";

export function runQueryOptions(orgId: string, runId: string) {
  return queryOptions({
    queryKey: runKeys.run(orgId, runId),
    queryFn: ({ signal }) => api<RunDetail>(runPath(orgId, runId), { signal }),
  });
}

/** One run for the run view; its stream keeps it current (use-run-stream.ts). */
export function useRun(orgId: string, runId: string) {
  return useQuery(runQueryOptions(orgId, runId));
}
