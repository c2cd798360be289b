/**
 * Keys start with ["orgs", orgId, "organization"]: the live-update hook invalidates that prefix
 * (and ["me"]) when the server announces a change to the organization, so every member's open
 * settings page and shell refresh.
 */
export const settingsKeys = {
  all: (orgId: string) => ["orgs", orgId, "organization"] as const,
  settings: (orgId: string) => ["orgs", orgId, "organization", "settings"] as const,
  auditRetention: (orgId: string) => ["orgs", orgId, "organization", "audit-retention"] as const,
  twoFactorRequirement: (orgId: string) => ["orgs", orgId, "organization", "two-factor-requirement"] as const,
};

export function settingsPath(orgId: string): string {
  return `/api/orgs/${encodeURIComponent(orgId)}/settings`;
}

export function logoPath(orgId: string): string {
  return `/api/orgs/${encodeURIComponent(orgId)}/logo`;
}
