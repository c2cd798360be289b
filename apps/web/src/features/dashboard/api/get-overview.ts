import type { OrganizationOverview } from "@flowdeck/shared/dashboard/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { orgPath } from "@/lib/org-api.ts";
import { dashboardKeys } from "./dashboard-keys.ts";

export function getOverview(orgId: string, signal?: AbortSignal) {
  return api<OrganizationOverview>(orgPath(orgId, "overview"), { signal });
}

export function overviewQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: dashboardKeys.overview(orgId),
    queryFn: ({ signal }) => getOverview(orgId, signal),
    // Credit and organization changes refresh it live; task, workflow, document and member counts
    // are refreshed whenever the dashboard is opened again after half a minute.
    staleTime: 30_000,
  });
}

export function useOverview(orgId: string) {
  return useQuery(overviewQueryOptions(orgId));
}
