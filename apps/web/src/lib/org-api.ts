import type { QueryFamily } from "@flowdeck/shared";

/**
 * The one way to name an organization's API path and its cached reads.
 *
 * Every organization-scoped query key starts with ["orgs", orgId, family]: the live-update hook
 * invalidates the families a change refreshes (LIVE_REFRESH in packages/shared), and switching
 * organization drops every key under "orgs". A family no announcement refreshes does not compile.
 */
export function orgKey(orgId: string): readonly ["orgs", string];
export function orgKey<const Family extends QueryFamily, const Rest extends readonly unknown[]>(
  orgId: string,
  family: Family,
  ...rest: Rest
): readonly ["orgs", string, Family, ...Rest];
export function orgKey(orgId: string, ...rest: readonly unknown[]) {
  return ["orgs", orgId, ...rest] as const;
}

/** `/api/orgs/:orgId/<rest>`; `rest` is the feature's path (with any id already encoded) and query. */
export function orgPath(orgId: string, rest: string): string {
  return `/api/orgs/${encodeURIComponent(orgId)}/${rest}`;
}
