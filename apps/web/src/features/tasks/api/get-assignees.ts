import type { Page } from "@flowdeck/shared";
import type { Member } from "@flowdeck/shared/members/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { orgKey, orgPath } from "@/lib/org-api.ts";

export type Assignee = { id: string; label: string };

/** The largest page the members list gives; the assignee picker offers that many members. */
const MAX_ASSIGNEES = 100;

export async function getAssignees(orgId: string, signal?: AbortSignal): Promise<Assignee[]> {
  const page = await api<Page<Member>>(orgPath(orgId, `members?pageSize=${MAX_ASSIGNEES}`), {
    signal,
  });
  return page.items
    .map((member) => ({ id: member.userId, label: member.name || member.email }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Under the "member" entity, so a membership change refreshes the choices. */
export function assigneesQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: orgKey(orgId, "member", "task-assignees"),
    queryFn: ({ signal }) => getAssignees(orgId, signal),
  });
}

export function useAssignees(orgId: string, enabled = true) {
  return useQuery({ ...assigneesQueryOptions(orgId), enabled });
}
