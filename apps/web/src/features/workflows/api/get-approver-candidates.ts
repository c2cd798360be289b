import { MAX_PAGE_SIZE, type Page } from "@flowdeck/shared";
import type { Member } from "@flowdeck/shared/members/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { orgKey, orgPath } from "@/lib/org-api.ts";

/** The members the workflow form offers as named approvers (the first page of the largest size). */
export function useApproverCandidates(orgId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: orgKey(orgId, "member", "approver-candidates"),
      queryFn: ({ signal }) =>
        api<Page<Member>>(orgPath(orgId, `members?page=1&pageSize=${MAX_PAGE_SIZE}`), { signal }),
    }),
    enabled,
  });
}
