/**
 * The one way to name an organization's API path and its cached reads.
 *
 * Every organization-scoped query key starts with ["orgs", orgId, entity]: the live-update hook
 * invalidates that prefix when the server announces a change to the entity, and switching
 * organization drops every key under "orgs".
 */
export function orgKey<const Rest extends readonly unknown[]>(orgId: string, ...rest: Rest) {
  return ["orgs", orgId, ...rest] as const;
}

/** `/api/orgs/:orgId/<rest>`; `rest` is the feature's path (with any id already encoded) and query. */
export function orgPath(orgId: string, rest: string): string {
  return `/api/orgs/${encodeURIComponent(orgId)}/${rest}`;
}
