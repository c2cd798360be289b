import type { TaskStats } from "@flowdeck/shared/tasks/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { taskKeys, tasksPath } from "./task-keys.ts";

export function getTaskStats(orgId: string, signal?: AbortSignal) {
  return api<TaskStats>(tasksPath(orgId, "/stats"), { signal });
}

export function taskStatsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: taskKeys.stats(orgId),
    queryFn: ({ signal }) => getTaskStats(orgId, signal),
  });
}

export function useTaskStats(orgId: string) {
  return useQuery(taskStatsQueryOptions(orgId));
}
