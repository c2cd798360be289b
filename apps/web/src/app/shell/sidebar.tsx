import { MESSAGES, type Me } from "@flowdeck/shared";
import { LogOut } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { ThemeToggle } from "@/components/ui/theme-toggle.tsx";
import { useLogOut } from "@/lib/session/log-out.ts";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { OrganizationSwitcher } from "./organization-switcher.tsx";
import { RoleBadge } from "@/components/ui/role-badge.tsx";
import { usePendingApprovals } from "@/features/approvals/api/get-approvals.ts";
import { SidebarNav } from "./sidebar-nav.tsx";
import { UserBadge } from "./user-badge.tsx";

export function Sidebar({ me, onNavigate }: { me: Me; onNavigate?: () => void }) {
  const { organization, role } = useCurrentOrganization();
  const logOut = useLogOut();
  const pendingApprovals = usePendingApprovals(organization?.id);
  return (
    <div className="flex h-full flex-col gap-4 p-4">
      <Link
        to="/dashboard"
        onClick={onNavigate}
        className="px-2 text-xl font-bold text-indigo-600 dark:text-indigo-400"
      >
        Flowdeck
      </Link>
      {organization && (
        <div className="flex min-w-0 items-center gap-2 px-2">
          {organization.logoUrl && (
            // The name beside it says whose logo it is: decorative for screen readers. Logos are
            // mostly drawn for light backgrounds: a white plate keeps them visible in dark mode.
            <img
              src={organization.logoUrl}
              alt=""
              data-testid="organization-logo"
              className="h-8 w-auto max-w-16 shrink-0 rounded object-contain dark:bg-white dark:p-0.5"
            />
          )}
          <p className="truncate text-sm font-medium text-gray-700 dark:text-gray-300" title={organization.name}>
            {organization.name}
          </p>
        </div>
      )}
      <OrganizationSwitcher organizations={me.organizations} currentId={me.user.currentOrgId} />
      <div className="flex-1 overflow-y-auto">
        {organization ? (
          <SidebarNav
            role={role}
            onNavigate={onNavigate}
            counts={{ "/approvals": pendingApprovals.data?.items.length }}
          />
        ) : (
          <p className="px-2 text-sm text-gray-500 dark:text-gray-400">{MESSAGES.noOrganizationNavigation}</p>
        )}
      </div>
      <div className="space-y-3 border-t border-gray-200 pt-4 dark:border-gray-800">
        {organization && (
          <p className="flex items-center gap-2 px-2 text-sm text-gray-600 dark:text-gray-400">
            Your role: <RoleBadge role={role} />
          </p>
        )}
        <UserBadge user={me.user} />
        <div className="flex items-center justify-between gap-2">
          <ThemeToggle />
          <Button variant="ghost" onClick={() => logOut.mutate()} busy={logOut.isPending}>
            <LogOut className="h-4 w-4" aria-hidden />
            Logout
          </Button>
        </div>
      </div>
    </div>
  );
}
