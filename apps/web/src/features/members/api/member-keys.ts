import { orgKey, orgPath } from "@/lib/org-api.ts";

/**
 * Keys start with orgKey(orgId, "member"): the live-update hook invalidates that prefix when the
 * server announces a member change, so every admin looking at the list sees it move.
 */
export const memberKeys = {
  all: (orgId: string) => orgKey(orgId, "member"),
  list: (orgId: string, page: number) => orgKey(orgId, "member", "list", page),
};

export function membersPath(orgId: string, userId?: string) {
  return orgPath(orgId, `members${userId ? `/${encodeURIComponent(userId)}` : ""}`);
}

/** The members page shows this many per page; most organizations fit on one. */
export const MEMBERS_PAGE_SIZE = 100;
