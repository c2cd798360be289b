import type { Role } from "./roles.ts";

export type NavSection = "General" | "Personal" | "Administration";

export type PageDefinition = {
  path: string;
  label: string;
  section: NavSection;
  /** `null` means any signed-in user, even without an organization. */
  minimumRole: Role | null;
  /** The role shown in the navigation list when it differs from the enforced minimum. */
  navRole?: Role;
  /** The page has its own state for a user without an organization (the dashboard's create form). */
  servesNoOrganization?: boolean;
};

/** Page minimums of spec 2 "Protected routes", in navigation order. */
export const PAGES = [
  { path: "/dashboard", label: "Dashboard", section: "General", minimumRole: "viewer", servesNoOrganization: true },
  { path: "/workflows", label: "Workflows", section: "General", minimumRole: "viewer" },
  // Every run of the organization (decision 087), for anyone who may see the workflows.
  { path: "/runs", label: "Runs", section: "General", minimumRole: "viewer" },
  // Runs waiting for the member's approval (decision 067): anyone may be a named approver.
  { path: "/approvals", label: "Approvals", section: "General", minimumRole: "viewer" },
  { path: "/tasks", label: "Tasks", section: "General", minimumRole: "editor" },
  { path: "/documents", label: "Documents", section: "General", minimumRole: "viewer" },
  { path: "/reports", label: "Reports", section: "General", minimumRole: "viewer" },
  { path: "/profile", label: "Profile", section: "Personal", minimumRole: null, navRole: "viewer" },
  { path: "/admin/members", label: "Members", section: "Administration", minimumRole: "admin" },
  { path: "/admin/invitations", label: "Invitations", section: "Administration", minimumRole: "admin" },
  { path: "/admin/settings", label: "Settings", section: "Administration", minimumRole: "admin" },
  { path: "/admin/import-export", label: "Import and export", section: "Administration", minimumRole: "admin" },
  { path: "/admin/api-tokens", label: "API tokens", section: "Administration", minimumRole: "admin" },
  { path: "/admin/notifications", label: "Notifications", section: "Administration", minimumRole: "admin" },
  { path: "/admin/runners", label: "Runners", section: "Administration", minimumRole: "admin" },
  // Editors see the names (read-only), to choose them in a workflow; admins manage them.
  { path: "/admin/secrets", label: "Secrets", section: "Administration", minimumRole: "editor" },
  { path: "/admin/freeze-windows", label: "Freeze windows", section: "Administration", minimumRole: "admin" },
  { path: "/admin/audit", label: "Audit", section: "Administration", minimumRole: "admin" },
  // The organization's identity provider (decision 076): owners alone, as the server's sso.manage.
  { path: "/admin/single-sign-on", label: "Single sign-on", section: "Administration", minimumRole: "owner" },
  { path: "/admin/billing", label: "Billing", section: "Administration", minimumRole: "owner" },
] as const satisfies readonly PageDefinition[];

export const NAV_SECTIONS: readonly NavSection[] = ["General", "Personal", "Administration"];

export function findPage(path: string): PageDefinition | undefined {
  return PAGES.find((page) => page.path === path);
}
