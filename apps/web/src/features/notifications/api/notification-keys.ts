import { orgKey, orgPath } from "@/lib/org-api.ts";

export const notificationsPath = (orgId: string, rest = "") => orgPath(orgId, `notifications${rest}`);

export const DELIVERIES_PAGE_SIZE = 20;

export const notificationKeys = {
  all: (orgId: string) => orgKey(orgId, "notification"),
  rules: (orgId: string) => orgKey(orgId, "notification", "rules"),
  allDeliveries: (orgId: string) => orgKey(orgId, "notification", "deliveries"),
  /** A keyset page of the delivery log: `cursor` is the previous page's nextCursor (none: the first). */
  deliveries: (orgId: string, cursor: string | undefined) =>
    orgKey(orgId, "notification", "deliveries", cursor ?? null),
  memberChoices: (orgId: string) => orgKey(orgId, "member", "notification-choices"),
};
