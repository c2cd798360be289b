import type { Me } from "@flowdeck/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";

export const meQueryKey = ["me"] as const;

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => api<Me>("/api/me", { signal }),
  // The app asks at start (app/provider.tsx): a screen mounted after a 401 takes that answer
  // instead of asking again. Signing in or out refreshes it explicitly.
  retryOnMount: false,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
