/**
 * The admins' list lives under ["orgs", orgId, "invitation"], which the live-update hook invalidates
 * on every invitation event. The invitee's preview is not organization-scoped: it is keyed by code.
 */
export const invitationKeys = {
  all: (orgId: string) => ["orgs", orgId, "invitation"] as const,
  list: (orgId: string, page: number) => ["orgs", orgId, "invitation", "list", page] as const,
  preview: (code: string) => ["invitation-code", code] as const,
};

export function invitationsPath(orgId: string, rest = "") {
  return `/api/orgs/${encodeURIComponent(orgId)}/invitations${rest}`;
}

export function codePath(code: string, rest = "") {
  return `/api/invitations/${encodeURIComponent(code)}${rest}`;
}

export const INVITATIONS_PAGE_SIZE = 50;
