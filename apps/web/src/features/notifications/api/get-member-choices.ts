import type { Page } from "@flowdeck/shared";
import type { Member } from "@flowdeck/shared/members/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { notificationKeys } from "./notification-keys.ts";
import { orgPath } from "@/lib/org-api.ts";

/** The members a rule can mail by name (the first hundred; larger teams choose by role). */
export function getMemberChoices(orgId: string, signal?: AbortSignal) {
  return api<Page<Member>>(orgPath(orgId, `members?page=1&pageSize=100`), { signal });
}

export function useMemberChoices(orgId: string) {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.memberChoices(orgId),
      queryFn: ({ signal }) => getMemberChoices(orgId, signal),
    }),
  );
}
