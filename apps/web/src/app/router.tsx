import { createBrowserRouter, Navigate } from "react-router";
import { RequirePageRole } from "@/app/access/require-page-role.tsx";
import { RedirectIfSignedIn, RequireAuth } from "@/app/session/require-auth.tsx";
import type { PageHandle } from "@/app/shell/page-title.ts";
import { lazyRoute, type LazyRoute } from "./lazy-page.ts";
import { RouteError } from "./route-error.tsx";

// Every page loads on first visit, so the first screen stays small; the router fetches a page's
// code as it starts to navigate, beside the shell's. A first visit to / gets the landing page
// without the app at all (landing.html, docs/decisions/046).

/** Each protected page with the path whose minimum role guards it (packages/shared pages table). */
const protectedPages = [
  { path: "/dashboard", page: lazyRoute(() => import("@/app/dashboard/dashboard-page.tsx"), "DashboardPage") },
  {
    path: "/workflows",
    page: lazyRoute(() => import("@/features/workflows/components/workflows-page.tsx"), "WorkflowsPage"),
  },
  { path: "/tasks", page: lazyRoute(() => import("@/features/tasks/components/tasks-page.tsx"), "TasksPage") },
  {
    path: "/documents",
    page: lazyRoute(() => import("@/features/documents/components/documents-page.tsx"), "DocumentsPage"),
  },
  { path: "/reports", page: lazyRoute(() => import("@/features/reports/reports-page.tsx"), "ReportsPage") },
  { path: "/profile", page: lazyRoute(() => import("@/features/profile/components/profile-page.tsx"), "ProfilePage") },
  {
    path: "/admin/members",
    page: lazyRoute(() => import("@/features/members/components/members-page.tsx"), "MembersPage"),
  },
  {
    path: "/admin/invitations",
    page: lazyRoute(() => import("@/features/invitations/components/invitations-page.tsx"), "InvitationsPage"),
  },
  {
    path: "/admin/settings",
    page: lazyRoute(() => import("@/features/settings/components/settings-page.tsx"), "SettingsPage"),
  },
  {
    path: "/admin/api-tokens",
    page: lazyRoute(() => import("@/features/api-tokens/components/api-tokens-page.tsx"), "ApiTokensPage"),
  },
  {
    path: "/admin/notifications",
    page: lazyRoute(() => import("@/features/notifications/components/notifications-page.tsx"), "NotificationsPage"),
  },
  {
    path: "/admin/runners",
    page: lazyRoute(() => import("@/features/runners/components/runners-page.tsx"), "RunnersPage"),
  },
  { path: "/admin/audit", page: lazyRoute(() => import("@/features/audit/components/audit-page.tsx"), "AuditPage") },
  { path: "/admin/billing", page: lazyRoute(() => import("@/features/placeholders/billing-page.tsx"), "BillingPage") },
];

/** A page that only roles at or above the minimum of `rolePath` may see (RequirePageRole). */
function guardedPage(rolePath: string, page: LazyRoute) {
  return { element: <RequirePageRole path={rolePath} />, children: [{ index: true, lazy: page }] };
}

export function createRouter() {
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
                ...protectedPages.map(({ path, page }) => ({ path, ...guardedPage(path, page) })),
                {
                  path: "/workflows/runs/:runId",
                  handle: { title: "Run" } satisfies PageHandle,
                  ...guardedPage(
                    "/workflows",
                    lazyRoute(() => import("@/features/workflows/components/run-view-page.tsx"), "RunViewPage"),
                  ),
                },
                {
                  path: "/workflows/:workflowId/history",
                  handle: { title: "Run history" } satisfies PageHandle,
                  ...guardedPage(
                    "/workflows",
                    lazyRoute(() => import("@/features/workflows/components/run-history-page.tsx"), "RunHistoryPage"),
                  ),
                },
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
