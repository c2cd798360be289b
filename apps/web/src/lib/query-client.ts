import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

/** The specification's cache defaults (spec 7 "Caching"). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 10 * 60 * 1000,
        refetchOnWindowFocus: false,
        // Client errors will not change on retry; server and network errors may.
        retry: (failureCount, error) =>
          failureCount < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      // Mutations retry once (spec 7), and only when the request may not have reached the server.
      mutations: {
        retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.status === 0,
      },
    },
  });
}
