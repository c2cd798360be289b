import type { RunnerList } from "@flowdeck/shared/runners/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { orgKey, orgPath } from "@/lib/org-api.ts";

/**
 * The organization's runners a workflow may be pinned to ("A chosen runner", decision 080): those
 * not revoked, by name. Under orgKey(orgId, "runner"): a runner registered, renamed or revoked
 * refreshes the choice.
 */
export function runnerChoicesQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: orgKey(orgId, "runner", "workflow-choices"),
    queryFn: ({ signal }) => api<RunnerList>(orgPath(orgId, "runners"), { signal }),
    select: (list) =>
      list.items
        .filter((runner) => runner.revokedAt === null)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(({ id, name, os, online }) => ({ id, name, os, online })),
  });
}

export function useRunnerChoices(orgId: string, enabled: boolean) {
  return useQuery({ ...runnerChoicesQueryOptions(orgId), enabled });
}
