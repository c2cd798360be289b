import type { Me } from "@flowdeck/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";

export const meQueryKey = ["me"] as const;

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => api<Me>("/api/me", { signal }),
});

export function useMe() {
  return useQuery(meQueryOptions);
}
