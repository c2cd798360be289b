import { orgKey, orgPath } from "@/lib/org-api.ts";

/** Keys start with orgKey(orgId, "apiToken"): the live-update hook invalidates that prefix. */
export const apiTokenKeys = {
  all: (orgId: string) => orgKey(orgId, "apiToken"),
  list: (orgId: string, page: number) => orgKey(orgId, "apiToken", "list", page),
};

export function apiTokensPath(orgId: string, tokenId?: string) {
  return orgPath(orgId, `api-tokens${tokenId ? `/${encodeURIComponent(tokenId)}` : ""}`);
}

export const API_TOKENS_PAGE_SIZE = 20;
