import { orgKey, orgPath } from "@/lib/org-api.ts";

/** Keys start with orgKey(orgId, "secret"): the live-update hook invalidates that prefix. */
export const secretKeys = {
  all: (orgId: string) => orgKey(orgId, "secret"),
  list: (orgId: string) => orgKey(orgId, "secret", "list"),
};

export function secretsPath(orgId: string, name?: string) {
  return orgPath(orgId, `secrets${name ? `/${encodeURIComponent(name)}` : ""}`);
}
