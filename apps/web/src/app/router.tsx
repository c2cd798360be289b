import { createBrowserRouter, Navigate } from "react-router";
import { RequirePageRole } from "@/features/access/require-page-role.tsx";
import { ForgotPasswordPage } from "@/features/auth/components/forgot-password-page.tsx";
import { LoginPage } from "@/features/auth/components/login-page.tsx";
import { RegisterPage } from "@/features/auth/components/register-page.tsx";
import { ResetPasswordPage } from "@/features/auth/components/reset-password-page.tsx";
import { DashboardPage } from "@/features/dashboard/components/dashboard-page.tsx";
import { LandingPage } from "@/features/landing/landing-page.tsx";
import { NotFoundPage } from "@/features/not-found/not-found-page.tsx";
import { AuditPage } from "@/features/placeholders/audit-page.tsx";
import { BillingPage } from "@/features/placeholders/billing-page.tsx";
import { FeaturePendingPage } from "@/features/placeholders/feature-pending-page.tsx";
import { ReportsPage } from "@/features/reports/reports-page.tsx";
import { RedirectIfSignedIn, RequireAuth } from "@/features/session/require-auth.tsx";
import { AppShell } from "@/features/shell/app-shell.tsx";
import { RouteError } from "./route-error.tsx";

/** Each protected page with the path whose minimum role guards it (packages/shared pages table). */
const protectedPages = [
  { path: "/dashboard", element: <DashboardPage /> },
  { path: "/workflows", element: <FeaturePendingPage title="Workflows" /> },
  { path: "/tasks", element: <FeaturePendingPage title="Tasks" /> },
  { path: "/documents", element: <FeaturePendingPage title="Documents" /> },
  { path: "/reports", element: <ReportsPage /> },
  { path: "/profile", element: <FeaturePendingPage title="Profile" /> },
  { path: "/admin/members", element: <FeaturePendingPage title="Members" /> },
  { path: "/admin/invitations", element: <FeaturePendingPage title="Invitations" /> },
  { path: "/admin/settings", element: <FeaturePendingPage title="Organization Settings" /> },
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
