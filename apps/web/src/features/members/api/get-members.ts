import type { Page } from "@flowdeck/shared";
import type { Member } from "@flowdeck/shared/members/schemas";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { MEMBERS_PAGE_SIZE, memberKeys, membersPath } from "./member-keys.ts";

export function getMembers(orgId: string, page: number, signal?: AbortSignal) {
  return api<Page<Member>>(`${membersPath(orgId)}?page=${page}&pageSize=${MEMBERS_PAGE_SIZE}`, { signal });
}

export function membersQueryOptions(orgId: string, page: number) {
  return queryOptions({
    queryKey: memberKeys.list(orgId, page),
    queryFn: ({ signal }) => getMembers(orgId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMembers(orgId: string | undefined, page: number) {
  return useQuery({ ...membersQueryOptions(orgId ?? "", page), enabled: Boolean(orgId) });
}
