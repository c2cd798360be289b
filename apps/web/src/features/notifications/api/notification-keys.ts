export const notificationsPath = (orgId: string, rest = "") =>
  `/api/orgs/${encodeURIComponent(orgId)}/notifications${rest}`;

export const DELIVERIES_PAGE_SIZE = 20;

export const notificationKeys = {
  all: (orgId: string) => ["orgs", orgId, "notifications"] as const,
  rules: (orgId: string) => ["orgs", orgId, "notifications", "rules"] as const,
  allDeliveries: (orgId: string) => ["orgs", orgId, "notifications", "deliveries"] as const,
  deliveries: (orgId: string, page: number) => ["orgs", orgId, "notifications", "deliveries", page] as const,
  memberChoices: (orgId: string) => ["orgs", orgId, "member", "notification-choices"] as const,
};
