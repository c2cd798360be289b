import { orgKey, orgPath } from "@/lib/org-api.ts";

/**
 * Keys start with orgKey(orgId, "organization"): the live-update hook invalidates that prefix
 * (and ["me"]) when the server announces a change to the organization, so every member's open
 * settings page and shell refresh.
 */
export const settingsKeys = {
  all: (orgId: string) => orgKey(orgId, "organization"),
  settings: (orgId: string) => orgKey(orgId, "organization", "settings"),
  auditRetention: (orgId: string) => orgKey(orgId, "organization", "audit-retention"),
  twoFactorRequirement: (orgId: string) => orgKey(orgId, "organization", "two-factor-requirement"),
};

export function settingsPath(orgId: string): string {
  return orgPath(orgId, `settings`);
}

export function logoPath(orgId: string): string {
  return orgPath(orgId, `logo`);
}

export function twoFactorRequirementPath(orgId: string): string {
  return orgPath(orgId, "two-factor-requirement");
}
