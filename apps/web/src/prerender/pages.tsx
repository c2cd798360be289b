import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { LOGIN_PAGE_TITLE, LoginPage } from "@/features/auth/components/login-page.tsx";
import { documentTitle } from "@/lib/use-document-title.ts";

/**
 * Pages the build draws into their own HTML file (build/prerender.ts), so their first paint needs
 * no script: the sign-in page is most visitors' first screen (docs/decisions/049). Each renders
 * as the app first shows it, with no query answered yet.
 */
export const prerenderedPages: { path: string; title: string; page: ReactNode }[] = [
  { path: "/login", title: documentTitle(LOGIN_PAGE_TITLE), page: <LoginPage /> },
];

/** The page's markup, rendered in Node at build time. */
export function renderPage(path: string, page: ReactNode): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}
