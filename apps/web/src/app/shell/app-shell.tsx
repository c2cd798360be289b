import { Menu } from "lucide-react";
import { Suspense, useRef, useState } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import { useDocumentTitle } from "@/lib/use-document-title.ts";
import { useMe } from "@/lib/session/get-me.ts";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { useRemovedFromOrganization } from "@/lib/session/use-removed-from-organization.ts";
import { Alert } from "@/components/ui/alert.tsx";
import { useLiveUpdates } from "@/app/live/use-live-updates.ts";
import { PageSkeleton } from "@/components/ui/page-skeleton.tsx";
import { pageTitle } from "./page-title.ts";
import { lazyNamed } from "@/lib/lazy-named.ts";
import { Sidebar } from "./sidebar.tsx";

const NavigationDrawer = lazyNamed(() => import("./navigation-drawer.tsx"), "NavigationDrawer");

/** A fixed 16rem sidebar on large screens; a slide-over with open and close buttons on small ones. */
export function AppShell() {
  const { data: me } = useMe();
  const { organization } = useCurrentOrganization();
  // undefined until first opened: the drawer is loaded and mounted from then on.
  const [menuOpen, setMenuOpen] = useState<boolean>();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const matches = useMatches();
  const { removedFrom, dismiss } = useRemovedFromOrganization();
  useDocumentTitle(pageTitle(pathname, matches), organization?.name);
  useLiveUpdates(organization?.id ?? null);
  if (!me) return null;

  return (
    <div className="min-h-screen bg-gray-50 dark:bg-gray-950">
      {/* The first stop of Tab: past the 16 to 18 links of the navigation, straight to the page. */}
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-indigo-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-gray-900 dark:text-indigo-300"
      >
        Skip to main content
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-gray-200 bg-white lg:block dark:border-gray-800 dark:bg-gray-900">
        <Sidebar me={me} />
      </aside>

      <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-3 lg:hidden dark:border-gray-800 dark:bg-gray-900">
        <button
          ref={menuButton}
          type="button"
          aria-label="Open navigation"
          aria-haspopup="dialog"
          aria-expanded={menuOpen === true}
          onClick={() => setMenuOpen(true)}
          className="rounded-lg p-2 hover:bg-gray-100 dark:hover:bg-gray-800"
        >
          <Menu className="h-5 w-5" aria-hidden />
        </button>
        <span className="font-bold text-indigo-600 dark:text-indigo-400">Flowdeck</span>
      </header>
      {menuOpen !== undefined && (
        <Suspense fallback={null}>
          <NavigationDrawer me={me} open={menuOpen} onOpenChange={setMenuOpen} opener={menuButton} />
        </Suspense>
      )}

      {/* Focusable so the skip link moves focus here, not only the scroll position. */}
      <main id="main" tabIndex={-1} className="focus:outline-none lg:pl-64">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
          {removedFrom && (
            <Alert
              tone="info"
              title={`You are no longer a member of ${removedFrom}`}
              onDismiss={dismiss}
              className="mb-6"
            >
              An admin of {removedFrom} removed you, so its pages are closed to you. If that is a mistake, ask one of
              its admins to invite you again.
            </Alert>
          )}
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
