import type { HookList } from "@flowdeck/shared/hooks/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { hookKeys, hooksPath } from "./hook-keys.ts";

export function getHooks(orgId: string, workflowId: string, signal?: AbortSignal) {
  return api<HookList>(hooksPath(orgId, workflowId), { signal });
}

export function hooksQueryOptions(orgId: string, workflowId: string) {
  return queryOptions({
    queryKey: hookKeys.list(orgId, workflowId),
    queryFn: ({ signal }) => getHooks(orgId, workflowId, signal),
  });
}

export function useHooks(orgId: string, workflowId: string) {
  return useQuery(hooksQueryOptions(orgId, workflowId));
}
