import { orgKey, orgPath } from "@/lib/org-api.ts";

/**
 * The admins' list lives under orgKey(orgId, "invitation"), which the live-update hook invalidates
 * on every invitation event. The invitee's preview is not organization-scoped: it is keyed by code.
 */
export const invitationKeys = {
  all: (orgId: string) => orgKey(orgId, "invitation"),
  list: (orgId: string, page: number) => orgKey(orgId, "invitation", "list", page),
  preview: (code: string) => ["invitation-code", code] as const,
};

export function invitationsPath(orgId: string, rest = "") {
  return orgPath(orgId, `invitations${rest}`);
}

export function codePath(code: string, rest = "") {
  return `/api/invitations/${encodeURIComponent(code)}${rest}`;
}

export const INVITATIONS_PAGE_SIZE = 50;
