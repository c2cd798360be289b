/** The runners list lives under ["orgs", orgId, "runner"], which live `runner` events invalidate. */
export const runnerKeys = {
  all: (orgId: string) => ["orgs", orgId, "runner"] as const,
  list: (orgId: string) => ["orgs", orgId, "runner", "list"] as const,
};

export function runnersPath(orgId: string, rest = "") {
  return `/api/orgs/${encodeURIComponent(orgId)}/runners${rest}`;
}
