import type { OrganizationOverview as Overview } from "@flowdeck/shared/dashboard/schemas";
import type { UseQueryResult } from "@tanstack/react-query";
import clsx from "clsx";
import { FileText, ListChecks, Users, Workflow, type LucideIcon } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { DashboardCard } from "./card.tsx";
import { formatCount } from "./format.ts";

type Row = { label: string; value: number; bar: string };

/** Spec 2: the organization overview and statistics, from GET /api/orgs/:orgId/overview. */
export function OrganizationOverview({ overview }: { overview: UseQueryResult<Overview> }) {
  const { data, isPending, error } = overview;
  return (
    <DashboardCard id="organization-overview-title" title="Organization Overview">
      {isPending ? (
        <div
          className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
          aria-busy="true"
          aria-label="Loading statistics"
        >
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-44" />
          ))}
        </div>
      ) : error ? (
        // The figures above already show the error and a way to retry.
        <p className="text-sm text-gray-500 dark:text-gray-400">Statistics are not available right now.</p>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <Breakdown
            title="Members by role"
            icon={Users}
            total={data.members.total}
            empty="No members yet"
            rows={[
              { label: "Owners", value: data.members.byRole.owner, bar: "bg-red-500" },
              { label: "Admins", value: data.members.byRole.admin, bar: "bg-purple-500" },
              { label: "Editors", value: data.members.byRole.editor, bar: "bg-blue-500" },
              { label: "Viewers", value: data.members.byRole.viewer, bar: "bg-gray-400" },
              ...(data.members.byRole.member > 0
                ? [{ label: "No role", value: data.members.byRole.member, bar: "bg-gray-300" }]
                : []),
            ]}
          />
          <Breakdown
            title="Tasks"
            icon={ListChecks}
            total={data.tasks.total}
            empty="No tasks yet"
            rows={[
              { label: "Active", value: data.tasks.active, bar: "bg-green-500" },
              { label: "Inactive", value: data.tasks.inactive, bar: "bg-gray-400" },
            ]}
          />
          <Breakdown
            title="Workflows by status"
            icon={Workflow}
            total={data.workflows.total}
            empty="No workflows yet"
            rows={[
              { label: "Draft", value: data.workflows.byStatus.draft, bar: "bg-yellow-400" },
              { label: "Active", value: data.workflows.byStatus.active, bar: "bg-green-500" },
              { label: "In progress", value: data.workflows.byStatus["in-progress"], bar: "bg-blue-500" },
              { label: "Completed", value: data.workflows.byStatus.completed, bar: "bg-indigo-500" },
            ]}
          />
          <Breakdown
            title="Documents"
            icon={FileText}
            total={data.documents.total}
            empty="No documents yet"
            rows={[
              { label: "Added in the last 7 days", value: data.documents.recent, bar: "bg-indigo-500" },
              { label: "Older", value: data.documents.total - data.documents.recent, bar: "bg-gray-400" },
            ]}
          />
        </div>
      )}
    </DashboardCard>
  );
}

function Breakdown({
  title,
  icon: Icon,
  total,
  rows,
  empty,
}: {
  title: string;
  icon: LucideIcon;
  total: number;
  rows: Row[];
  empty: string;
}) {
  return (
    <div
      role="group"
      aria-label={title}
      className="min-w-0 rounded-lg border border-gray-200 p-3 sm:p-4 dark:border-gray-800"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="flex min-w-0 items-center gap-2 text-sm font-medium text-gray-700 dark:text-gray-300">
          <Icon className="hidden size-4 shrink-0 text-gray-500 sm:block dark:text-gray-400" aria-hidden />
          {title}
        </h3>
        <span className="text-lg font-semibold sm:text-xl text-gray-900 tabular-nums dark:text-gray-100">
          {formatCount(total)}
        </span>
      </div>
      {total === 0 ? (
        <p className="mt-4 text-sm text-gray-500 dark:text-gray-400">{empty}</p>
      ) : (
        <dl className="mt-3 space-y-2">
          {rows.map((row) => (
            // A term, its figure and its bar: a dl's div may hold only dt and dd, so the bar is a dd too.
            <div key={row.label} className="grid grid-cols-[1fr_auto] gap-x-2 text-xs">
              <dt className="min-w-0 text-gray-600 dark:text-gray-400">{row.label}</dt>
              <dd className="font-medium text-gray-900 tabular-nums dark:text-gray-100">{formatCount(row.value)}</dd>
              <dd
                aria-hidden
                className="col-span-2 mt-1 h-1.5 overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800"
              >
                <div
                  className={clsx("h-full rounded-full", row.bar)}
                  style={{ width: `${Math.round((row.value / total) * 100)}%` }}
                />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
