import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { createQueryClient } from "@/lib/query-client.ts";
import { meQueryOptions } from "@/lib/session/get-me.ts";

/**
 * Almost every screen first asks who is signed in: the question goes out at once, beside the
 * screen's code, instead of after it has loaded.
 */
function createAppQueryClient() {
  const queryClient = createQueryClient();
  void queryClient.prefetchQuery(meQueryOptions);
  return queryClient;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
