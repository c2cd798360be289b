import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";

/**
 * A query client for one test: no retries, so a failure shows at once, and data seeded with
 * setQueryData stays fresh, so a component reads it without a server.
 */
export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * Renders a component as the app does: inside a QueryClient and a router, at `route`
 * (e.g. "/register?code=abc"). Returns Testing Library's queries, a `user` to type and click,
 * and the query client to look at or seed the cache.
 */
export function renderWithProviders(
  ui: ReactNode,
  { route = "/", queryClient = createTestQueryClient() }: { route?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [route] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, router };
}
