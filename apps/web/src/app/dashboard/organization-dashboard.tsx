import { Alert } from "@/components/ui/alert.tsx";
import type { Role } from "@flowdeck/shared";
import { RoleBadge } from "@/components/ui/role-badge.tsx";
import { useOverview } from "@/features/dashboard/api/get-overview.ts";
import { CreditManagement } from "@/features/dashboard/components/credit-management.tsx";
import { DashboardStats } from "@/features/dashboard/components/dashboard-stats.tsx";
import { OrganizationOverview } from "@/features/dashboard/components/organization-overview.tsx";
import { QuickActions } from "./quick-actions.tsx";
import { RecentTransactions } from "@/features/dashboard/components/recent-transactions.tsx";
import { WorkflowHealthPanel } from "./workflow-health.tsx";

/** The dashboard of the current organization: figures, quick actions, credits and statistics. */
export function OrganizationDashboard({ orgId, name, role }: { orgId: string; name: string; role: Role | null }) {
  const overview = useOverview(orgId);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="min-w-0 truncate text-lg font-medium text-gray-700 dark:text-gray-300">{name}</h2>
        <RoleBadge role={role} />
      </div>
      {overview.data?.warnings?.map((warning) => (
        <Alert key={warning} tone="error">
          {warning}
        </Alert>
      ))}
      <DashboardStats overview={overview} />
      {/* On a phone: credits, then the latest transactions, then the shortcuts; side by side on large screens. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-2">
          <CreditManagement orgId={orgId} role={role} balance={overview.data?.credits.balance} />
        </div>
        <RecentTransactions orgId={orgId} className="min-w-0 lg:col-span-3 lg:row-span-2" />
        <div className="min-w-0 lg:col-span-2">
          <QuickActions orgId={orgId} role={role} />
        </div>
      </div>
      <WorkflowHealthPanel orgId={orgId} />
      <OrganizationOverview overview={overview} />
    </div>
  );
}
