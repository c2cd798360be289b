import { createBrowserRouter, matchPath, Navigate } from "react-router";
import { RequirePageRole } from "@/app/access/require-page-role.tsx";
import { RedirectIfSignedIn, RequireAuth } from "@/app/session/require-auth.tsx";
import type { PageHandle } from "@/app/shell/page-title.ts";
import { lazyPage, lazyRoute, type LazyPage } from "./lazy-page.ts";
import { RouteError } from "./route-error.tsx";

// Every page loads on first visit, so the first screen stays small; the page the app starts on is
// fetched at once, beside the shell, while the shell already paints. A first visit to / gets the
// landing page without the app at all (landing.html, docs/decisions/046).

/** Each protected page with the path whose minimum role guards it (packages/shared pages table). */
const protectedPages = [
  { path: "/dashboard", page: lazyPage(() => import("@/app/dashboard/dashboard-page.tsx"), "DashboardPage") },
  {
    path: "/workflows",
    page: lazyPage(() => import("@/app/workflows/workflows-with-runs.tsx"), "WorkflowsWithRunsPage"),
  },
  { path: "/runs", page: lazyPage(() => import("@/features/runs/components/runs-page.tsx"), "RunsPage") },
  {
    path: "/approvals",
    page: lazyPage(() => import("@/features/approvals/components/approvals-page.tsx"), "ApprovalsPage"),
  },
  { path: "/tasks", page: lazyPage(() => import("@/features/tasks/components/tasks-page.tsx"), "TasksPage") },
  {
    path: "/documents",
    page: lazyPage(() => import("@/features/documents/components/documents-page.tsx"), "DocumentsPage"),
  },
  { path: "/reports", page: lazyPage(() => import("@/features/reports/reports-page.tsx"), "ReportsPage") },
  { path: "/profile", page: lazyPage(() => import("@/features/profile/components/profile-page.tsx"), "ProfilePage") },
  {
    path: "/admin/members",
    page: lazyPage(() => import("@/features/members/components/members-page.tsx"), "MembersPage"),
  },
  {
    path: "/admin/invitations",
    page: lazyPage(() => import("@/features/invitations/components/invitations-page.tsx"), "InvitationsPage"),
  },
  {
    path: "/admin/settings",
    page: lazyPage(() => import("@/features/settings/components/settings-page.tsx"), "SettingsPage"),
  },
  {
    path: "/admin/import-export",
    page: lazyPage(() => import("@/features/import-export/components/import-export-page.tsx"), "ImportExportPage"),
  },
  {
    path: "/admin/api-tokens",
    page: lazyPage(() => import("@/features/api-tokens/components/api-tokens-page.tsx"), "ApiTokensPage"),
  },
  {
    path: "/admin/notifications",
    page: lazyPage(() => import("@/features/notifications/components/notifications-page.tsx"), "NotificationsPage"),
  },
  {
    path: "/admin/runners",
    page: lazyPage(() => import("@/features/runners/components/runners-page.tsx"), "RunnersPage"),
  },
  {
    path: "/admin/secrets",
    page: lazyPage(() => import("@/features/secrets/components/secrets-page.tsx"), "SecretsPage"),
  },
  {
    path: "/admin/freeze-windows",
    page: lazyPage(() => import("@/features/freeze-windows/components/freeze-windows-page.tsx"), "FreezeWindowsPage"),
  },
  { path: "/admin/audit", page: lazyPage(() => import("@/features/audit/components/audit-page.tsx"), "AuditPage") },
  {
    path: "/admin/single-sign-on",
    page: lazyPage(() => import("@/features/single-sign-on/components/single-sign-on-page.tsx"), "SingleSignOnPage"),
  },
  { path: "/admin/billing", page: lazyPage(() => import("@/features/placeholders/billing-page.tsx"), "BillingPage") },
];

/** A page that only roles at or above the minimum of `rolePath` may see (RequirePageRole). */
function guardedPage(rolePath: string, { Component }: LazyPage) {
  return (
    <RequirePageRole path={rolePath}>
      <Component />
    </RequirePageRole>
  );
}

/** Nested pages, guarded by their section's role, with the name their title uses. */
const nestedPages = [
  {
    path: "/workflows/runs/:runId",
    rolePath: "/workflows",
    handle: { title: "Run" } satisfies PageHandle,
    page: lazyPage(() => import("@/app/workflows/run-view-with-run-again.tsx"), "RunViewWithRunAgainPage"),
  },
  {
    path: "/workflows/:workflowId/history",
    rolePath: "/workflows",
    handle: { title: "Run history" } satisfies PageHandle,
    page: lazyPage(() => import("@/features/runs/components/run-history-page.tsx"), "RunHistoryPage"),
  },
];

/** Starts fetching the code of the page at `pathname`, if it is one of the app's pages. */
export function preloadPageAt(pathname: string): Promise<unknown> {
  const page = [...protectedPages, ...nestedPages].find(({ path }) => matchPath(path, pathname));
  return page?.page.preload() ?? Promise.resolve();
}

export type AppRouter = ReturnType<typeof createRouter>;

export function createRouter() {
  void preloadPageAt(window.location.pathname);
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        { path: "/", lazy: lazyRoute(() => import("@/app/landing/landing-route.tsx"), "LandingRoute") },
        {
          element: <RedirectIfSignedIn />,
          children: [
            { path: "/login", lazy: lazyRoute(() => import("@/features/auth/components/login-page.tsx"), "LoginPage") },
            {
              path: "/register",
              lazy: lazyRoute(() => import("@/features/auth/components/register-page.tsx"), "RegisterPage"),
            },
            {
              path: "/register/confirm",
              lazy: lazyRoute(
                () => import("@/features/auth/components/confirm-registration-page.tsx"),
                "ConfirmRegistrationPage",
              ),
            },
          ],
        },
        {
          path: "/forgot-password",
          lazy: lazyRoute(() => import("@/features/auth/components/forgot-password-page.tsx"), "ForgotPasswordPage"),
        },
        {
          path: "/reset-password",
          lazy: lazyRoute(() => import("@/features/auth/components/reset-password-page.tsx"), "ResetPasswordPage"),
        },
        {
          path: "/invite/:inviteCode",
          lazy: lazyRoute(
            () => import("@/features/invitations/components/invitation-accept-page.tsx"),
            "InvitationAcceptPage",
          ),
        },
        {
          element: <RequireAuth />,
          children: [
            {
              lazy: lazyRoute(() => import("@/app/shell/app-shell.tsx"), "AppShell"),
              children: [
                ...protectedPages.map(({ path, page }) => ({ path, element: guardedPage(path, page) })),
                ...nestedPages.map(({ path, rolePath, handle, page }) => ({
                  path,
                  handle,
                  element: guardedPage(rolePath, page),
                })),
                { path: "/admin", element: <Navigate to="/admin/members" replace /> },
              ],
            },
          ],
        },
        { path: "*", lazy: lazyRoute(() => import("@/features/not-found/not-found-page.tsx"), "NotFoundPage") },
      ],
    },
  ]);
}
