import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { FullPageSkeleton } from "@/app/session/full-page-skeleton.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { LOGIN_PAGE_TITLE, LoginPage } from "@/features/auth/components/login-page.tsx";
import { WorkflowsHeader } from "@/features/workflows/components/workflows-header.tsx";
import { documentTitle } from "@/lib/use-document-title.ts";

/** A screen the build draws into an HTML file of dist (build/prerender.ts). */
export type DrawnScreen = {
  /** The HTML file written, relative to dist. */
  file: string;
  /** The address it is drawn for. */
  path: string;
  /** The tab's title; undefined keeps index.html's. */
  title?: string;
  screen: ReactNode;
  /**
   * A loading frame still waits for the page's code: that code keeps every preload. A drawn page
   * needs no code to be seen, so only its small modules are preloaded (build/prerender.ts).
   */
  isLoadingFrame?: boolean;
};

/**
 * Screens whose first paint needs no script (docs/decisions/049): the sign-in page, most visitors'
 * first screen, and the app's loading frame in index.html for every other page. Each renders as
 * the app first shows it, with no query answered yet. A page of the shell whose header needs no
 * data is drawn in the frame with its header (docs/decisions/084), into `frames/<page>.html`, which
 * build/page-preloads.ts takes in place of index.html for that page.
 */
export const drawnScreens: DrawnScreen[] = [
  { file: "prerendered/login.html", path: "/login", title: documentTitle(LOGIN_PAGE_TITLE), screen: <LoginPage /> },
  { file: "index.html", path: "/dashboard", screen: <FullPageSkeleton />, isLoadingFrame: true },
  {
    file: "frames/workflows.html",
    path: "/workflows",
    screen: (
      <FullPageSkeleton>
        <div className="space-y-6">
          <WorkflowsHeader />
          <Skeleton className="h-32 w-full" />
        </div>
      </FullPageSkeleton>
    ),
    isLoadingFrame: true,
  },
];

/** The screen's markup, rendered in Node at build time. */
export function renderScreen({ path, screen }: DrawnScreen): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
    </QueryClientProvider>,
  );
}
