import { orgKey, orgPath } from "@/lib/org-api.ts";

/** Keys start with orgKey(orgId, "freezeWindow"): the live-update hook invalidates that prefix. */
export const freezeWindowKeys = {
  all: (orgId: string) => orgKey(orgId, "freezeWindow"),
  list: (orgId: string) => orgKey(orgId, "freezeWindow", "list"),
};

export function freezeWindowsPath(orgId: string, id?: string) {
  return orgPath(orgId, `freeze-windows${id ? `/${encodeURIComponent(id)}` : ""}`);
}
