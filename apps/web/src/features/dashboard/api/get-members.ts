import type { Page } from "@flowdeck/shared";
import type { Member } from "@flowdeck/shared/members/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { dashboardKeys, orgPath } from "./dashboard-keys.ts";

/** The dashboard lists up to this many members inline; the Members page has them all. */
export const DASHBOARD_MEMBER_LIMIT = 100;

export function getDashboardMembers(orgId: string, signal?: AbortSignal) {
  return api<Page<Member>>(orgPath(orgId, `members?pageSize=${DASHBOARD_MEMBER_LIMIT}`), { signal });
}

export function useDashboardMembers(orgId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: dashboardKeys.members(orgId),
      queryFn: ({ signal }) => getDashboardMembers(orgId, signal),
      enabled,
    }),
  );
}
