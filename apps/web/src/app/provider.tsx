import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createQueryClient } from "@/lib/query-client.ts";
import { meQueryOptions } from "@/lib/session/get-me.ts";

/**
 * Almost every screen first asks who is signed in: the question goes out at once, beside the
 * screen's code, instead of after it has loaded.
 */
export function createAppQueryClient() {
  const queryClient = createQueryClient();
  void queryClient.prefetchQuery(meQueryOptions);
  return queryClient;
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
