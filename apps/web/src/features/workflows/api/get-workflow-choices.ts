import { MAX_PAGE_SIZE } from "@flowdeck/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getWorkflows } from "./get-workflows.ts";
import { workflowKeys } from "./workflow-keys.ts";

/** The organization's workflows, the largest page at a time, newest first: what "Run after" can follow. */
export function workflowChoicesQueryOptions(orgId: string) {
  return infiniteQueryOptions({
    queryKey: workflowKeys.choices(orgId),
    queryFn: ({ pageParam, signal }) => getWorkflows(orgId, { pageSize: MAX_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useWorkflowChoices(orgId: string, enabled: boolean) {
  return useInfiniteQuery({ ...workflowChoicesQueryOptions(orgId), enabled });
}
