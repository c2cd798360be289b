import type { Page } from "@flowdeck/shared";
import type { Invitation } from "@flowdeck/shared/invitations/schemas";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { INVITATIONS_PAGE_SIZE, invitationKeys, invitationsPath } from "./invitation-keys.ts";

export function getInvitations(orgId: string, page: number, signal?: AbortSignal) {
  return api<Page<Invitation>>(`${invitationsPath(orgId)}?page=${page}&pageSize=${INVITATIONS_PAGE_SIZE}`, {
    signal,
  });
}

export function invitationsQueryOptions(orgId: string, page: number) {
  return queryOptions({
    queryKey: invitationKeys.list(orgId, page),
    queryFn: ({ signal }) => getInvitations(orgId, page, signal),
    // Spec 7 "Caching": invitation reads go stale after 30 seconds.
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useInvitations(orgId: string, page: number) {
  return useQuery(invitationsQueryOptions(orgId, page));
}
