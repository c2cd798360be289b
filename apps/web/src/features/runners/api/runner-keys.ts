import { orgKey, orgPath } from "@/lib/org-api.ts";

/** The runners list lives under orgKey(orgId, "runner"), which live `runner` events invalidate. */
export const runnerKeys = {
  all: (orgId: string) => orgKey(orgId, "runner"),
  list: (orgId: string) => orgKey(orgId, "runner", "list"),
};

export function runnersPath(orgId: string, rest = "") {
  return orgPath(orgId, `runners${rest}`);
}
