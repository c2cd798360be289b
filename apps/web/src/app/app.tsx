import type { QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { AppProvider } from "./provider.tsx";
import type { AppRouter } from "./router.tsx";

/** The app, given its router and query cache (made in main.tsx before the first render). */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
