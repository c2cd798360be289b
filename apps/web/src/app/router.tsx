import { createBrowserRouter, Navigate } from "react-router";
import { RequirePageRole } from "@/features/access/require-page-role.tsx";
import { ForgotPasswordPage } from "@/features/auth/components/forgot-password-page.tsx";
import { LoginPage } from "@/features/auth/components/login-page.tsx";
import { RegisterPage } from "@/features/auth/components/register-page.tsx";
import { ResetPasswordPage } from "@/features/auth/components/reset-password-page.tsx";
import { DashboardPage } from "@/features/dashboard/components/dashboard-page.tsx";
import { DocumentsPage } from "@/features/documents/components/documents-page.tsx";
import { InvitationAcceptPage } from "@/features/invitations/components/invitation-accept-page.tsx";
import { InvitationsPage } from "@/features/invitations/components/invitations-page.tsx";
import { MembersPage } from "@/features/members/components/members-page.tsx";
import { ProfilePage } from "@/features/profile/components/profile-page.tsx";
import { SettingsPage } from "@/features/settings/components/settings-page.tsx";
import { TasksPage } from "@/features/tasks/components/tasks-page.tsx";
import { WorkflowsPage } from "@/features/workflows/components/workflows-page.tsx";
import { LandingPage } from "@/features/landing/landing-page.tsx";
import { NotFoundPage } from "@/features/not-found/not-found-page.tsx";
import { AuditPage } from "@/features/placeholders/audit-page.tsx";
import { BillingPage } from "@/features/placeholders/billing-page.tsx";
import { ReportsPage } from "@/features/reports/reports-page.tsx";
import { RedirectIfSignedIn, RequireAuth } from "@/features/session/require-auth.tsx";
import { AppShell } from "@/features/shell/app-shell.tsx";
import { RouteError } from "./route-error.tsx";

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
            { path: "/login", element: <LoginPage /> },
            { path: "/register", element: <RegisterPage /> },
          ],
        },
        { path: "/forgot-password", element: <ForgotPasswordPage /> },
        { path: "/reset-password", element: <ResetPasswordPage /> },
        { path: "/invite/:inviteCode", element: <InvitationAcceptPage /> },
        {
          element: <RequireAuth />,
          children: [
            {
              element: <AppShell />,
              children: [
                ...protectedPages.map(({ path, element }) => ({
                  path,
                  element: <RequirePageRole path={path}>{element}</RequirePageRole>,
                })),
                { path: "/admin", element: <Navigate to="/admin/members" replace /> },
              ],
            },
          ],
        },
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ]);
}
