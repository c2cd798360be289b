/**
 * Keys start with ["orgs", orgId, "member"]: the live-update hook invalidates that prefix when the
 * server announces a member change, so every admin looking at the list sees it move.
 */
export const memberKeys = {
  all: (orgId: string) => ["orgs", orgId, "member"] as const,
  list: (orgId: string, page: number) => ["orgs", orgId, "member", "list", page] as const,
};

export function membersPath(orgId: string, userId?: string) {
  return `/api/orgs/${encodeURIComponent(orgId)}/members${userId ? `/${encodeURIComponent(userId)}` : ""}`;
}

/** The members page shows this many per page; most organizations fit on one. */
export const MEMBERS_PAGE_SIZE = 100;
