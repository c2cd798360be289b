import type { RunnerList } from "@flowdeck/shared/runners/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { runnerKeys, runnersPath } from "./runner-keys.ts";

export function runnersQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: runnerKeys.list(orgId),
    queryFn: ({ signal }) => api<RunnerList>(runnersPath(orgId), { signal }),
    // Online turns offline by the clock alone (no event says so): look again every 30 s.
    refetchInterval: 30_000,
  });
}

export function useRunners(orgId: string) {
  return useQuery(runnersQueryOptions(orgId));
}
