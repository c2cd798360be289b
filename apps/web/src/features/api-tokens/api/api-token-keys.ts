/** Keys start with ["orgs", orgId, "apiToken"]: the live-update hook invalidates that prefix. */
export const apiTokenKeys = {
  all: (orgId: string) => ["orgs", orgId, "apiToken"] as const,
  list: (orgId: string, page: number) => ["orgs", orgId, "apiToken", "list", page] as const,
};

export function apiTokensPath(orgId: string, tokenId?: string) {
  return `/api/orgs/${encodeURIComponent(orgId)}/api-tokens${tokenId ? `/${encodeURIComponent(tokenId)}` : ""}`;
}

export const API_TOKENS_PAGE_SIZE = 20;
