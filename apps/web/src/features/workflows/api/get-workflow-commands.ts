import type { WorkflowCommandPage } from "@flowdeck/shared/workflows/schemas";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { workflowKeys, workflowsPath } from "./workflow-keys.ts";

/** Enough to choose from at a glance; "Load more commands" reads the next ones. */
export const COMMAND_PAGE_SIZE = 50;

export function getWorkflowCommands(orgId: string, search: string, cursor: string | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams({ pageSize: String(COMMAND_PAGE_SIZE) });
  if (search) params.set("q", search);
  if (cursor) params.set("cursor", cursor);
  return api<WorkflowCommandPage>(workflowsPath(orgId, `/commands?${params}`), { signal });
}

/** The active commands matching `search` ("" for all), newest first, a page at a time (docs/decisions/050). */
export function workflowCommandsQueryOptions(orgId: string, search: string) {
  return infiniteQueryOptions({
    queryKey: workflowKeys.commands(orgId, search),
    queryFn: ({ pageParam, signal }) => getWorkflowCommands(orgId, search, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // A new search keeps the commands shown until its own arrive, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });
}

export function useWorkflowCommands(orgId: string, search: string) {
  return useInfiniteQuery(workflowCommandsQueryOptions(orgId, search));
}
