import type { Page } from "@flowdeck/shared";
import type { ApiToken } from "@flowdeck/shared/api-tokens/schemas";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { API_TOKENS_PAGE_SIZE, apiTokenKeys, apiTokensPath } from "./api-token-keys.ts";

export function useApiTokens(orgId: string, page: number) {
  return useQuery({
    queryKey: apiTokenKeys.list(orgId, page),
    queryFn: ({ signal }) =>
      api<Page<ApiToken>>(`${apiTokensPath(orgId)}?page=${page}&pageSize=${API_TOKENS_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
