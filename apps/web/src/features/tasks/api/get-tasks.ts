import type { TaskListQuery, TaskPage } from "@flowdeck/shared/tasks/schemas";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { taskKeys, tasksPath } from "./task-keys.ts";

export function getTasks(orgId: string, query: TaskListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  return api<TaskPage>(tasksPath(orgId, `?${params}`), { signal });
}

export function tasksQueryOptions(orgId: string, query: TaskListQuery) {
  return queryOptions({
    queryKey: taskKeys.list(orgId, query),
    queryFn: ({ signal }) => getTasks(orgId, query, signal),
    // Paging and filtering keep the previous cards on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useTasks(orgId: string, query: TaskListQuery) {
  return useQuery(tasksQueryOptions(orgId, query));
}
