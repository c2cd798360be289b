import { hasRole, type Role } from "./roles.ts";

export type PageAccess =
  { allowed: true } | { allowed: false; reason: "no-organization" | "role"; required: Role; current: Role | null };

/**
 * Whether a page may be shown (spec 6): a minimum role, higher roles pass; with no organization
 * the page is denied, except while the membership is still loading for viewer pages.
 */
export function checkPageAccess(options: {
  minimumRole: Role | null;
  role: Role | null | undefined;
  hasOrganization: boolean;
  loading?: boolean;
  servesNoOrganization?: boolean;
}): PageAccess {
  const { minimumRole, role, hasOrganization, loading = false, servesNoOrganization = false } = options;
  if (minimumRole === null) return { allowed: true };
  if (!hasOrganization) {
    if (servesNoOrganization) return { allowed: true };
    if (loading && minimumRole === "viewer") return { allowed: true };
    return { allowed: false, reason: "no-organization", required: minimumRole, current: null };
  }
  if (hasRole(role, minimumRole)) return { allowed: true };
  return { allowed: false, reason: "role", required: minimumRole, current: role ?? "viewer" };
}

export function accessDeniedMessage(required: Role, current: Role | null): string {
  return current
    ? `You need ${required} role or higher to access this page. Your current role is ${current}.`
    : `You need ${required} role or higher to access this page. You have no role in this organization yet.`;
}

export const ACCESS_DENIED_HINT = "Please contact your organization administrator to request access.";

export function requiresRoleHint(role: Role): string {
  return `Requires ${role} role or higher`;
}
