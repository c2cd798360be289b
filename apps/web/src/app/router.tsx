import { createBrowserRouter, Navigate } from "react-router";
import { RequirePageRole } from "@/app/access/require-page-role.tsx";
import { LandingPage } from "@/app/landing/landing-page.tsx";
import { RedirectIfSignedIn, RequireAuth } from "@/app/session/require-auth.tsx";
import type { PageHandle } from "@/app/shell/page-title.ts";
import { lazyPage, lazyRoute } from "./lazy-page.ts";
import { RouteError } from "./route-error.tsx";

// Every page but the landing page loads on first visit, so the first screen stays small.
const DashboardPage = lazyPage(() => import("@/app/dashboard/dashboard-page.tsx"), "DashboardPage");
const DocumentsPage = lazyPage(() => import("@/features/documents/components/documents-page.tsx"), "DocumentsPage");
const InvitationsPage = lazyPage(
  () => import("@/features/invitations/components/invitations-page.tsx"),
  "InvitationsPage",
);
const MembersPage = lazyPage(() => import("@/features/members/components/members-page.tsx"), "MembersPage");
const ProfilePage = lazyPage(() => import("@/features/profile/components/profile-page.tsx"), "ProfilePage");
const SettingsPage = lazyPage(() => import("@/features/settings/components/settings-page.tsx"), "SettingsPage");
const TasksPage = lazyPage(() => import("@/features/tasks/components/tasks-page.tsx"), "TasksPage");
const WorkflowsPage = lazyPage(() => import("@/features/workflows/components/workflows-page.tsx"), "WorkflowsPage");
const RunnersPage = lazyPage(() => import("@/features/runners/components/runners-page.tsx"), "RunnersPage");
const RunViewPage = lazyPage(() => import("@/features/workflows/components/run-view-page.tsx"), "RunViewPage");
const RunHistoryPage = lazyPage(() => import("@/features/workflows/components/run-history-page.tsx"), "RunHistoryPage");
const ReportsPage = lazyPage(() => import("@/features/reports/reports-page.tsx"), "ReportsPage");
const ApiTokensPage = lazyPage(() => import("@/features/api-tokens/components/api-tokens-page.tsx"), "ApiTokensPage");
const NotificationsPage = lazyPage(
  () => import("@/features/notifications/components/notifications-page.tsx"),
  "NotificationsPage",
);
const AuditPage = lazyPage(() => import("@/features/audit/components/audit-page.tsx"), "AuditPage");
const BillingPage = lazyPage(() => import("@/features/placeholders/billing-page.tsx"), "BillingPage");

/** Each protected page with the path whose minimum role guards it (packages/shared pages table). */
const protectedPages = [
  { path: "/dashboard", element: <DashboardPage /> },
  { path: "/workflows", element: <WorkflowsPage /> },
  { path: "/tasks", element: <TasksPage /> },
  { path: "/documents", element: <DocumentsPage /> },
  { path: "/reports", element: <ReportsPage /> },
  { path: "/profile", element: <ProfilePage /> },
  { path: "/admin/members", element: <MembersPage /> },
  { path: "/admin/invitations", element: <InvitationsPage /> },
  { path: "/admin/settings", element: <SettingsPage /> },
  { path: "/admin/api-tokens", element: <ApiTokensPage /> },
  { path: "/admin/notifications", element: <NotificationsPage /> },
  { path: "/admin/runners", element: <RunnersPage /> },
  { path: "/admin/audit", element: <AuditPage /> },
  { path: "/admin/billing", element: <BillingPage /> },
];

export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        { path: "/", element: <LandingPage /> },
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
                ...protectedPages.map(({ path, element }) => ({
                  path,
                  element: <RequirePageRole path={path}>{element}</RequirePageRole>,
                })),
                {
                  path: "/workflows/runs/:runId",
                  handle: { title: "Run" } satisfies PageHandle,
                  element: (
                    <RequirePageRole path="/workflows">
                      <RunViewPage />
                    </RequirePageRole>
                  ),
                },
                {
                  path: "/workflows/:workflowId/history",
                  handle: { title: "Run history" } satisfies PageHandle,
                  element: (
                    <RequirePageRole path="/workflows">
                      <RunHistoryPage />
                    </RequirePageRole>
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
