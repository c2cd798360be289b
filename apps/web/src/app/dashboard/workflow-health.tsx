import type { WorkflowHealth } from "@flowdeck/shared/runs/history";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { useWorkflowHealth } from "@/features/runs/api/get-run-history.ts";
import { RunStatusBadge } from "@/components/ui/run-status-badge.tsx";
import { DashboardCard } from "@/features/dashboard/components/card.tsx";

/** Each workflow's last status and its success rate over the last 30 days (decision 030). */
export function WorkflowHealthPanel({ orgId }: { orgId: string }) {
  const health = useWorkflowHealth(orgId);
  return (
    <DashboardCard id="workflow-health" title="Workflow health (30 days)">
      {health.isError ? (
        <Alert tone="error">{health.error.message}</Alert>
      ) : !health.data ? (
        <SkeletonText lines={3} />
      ) : health.data.items.length === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">No workflows yet.</p>
      ) : (
        <ul className="divide-y divide-gray-200 text-sm dark:divide-gray-800">
          {health.data.items.map((item) => (
            <li key={item.workflowId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link
                to={`/workflows/${item.workflowId}/history`}
                className="min-w-0 truncate text-indigo-600 hover:underline dark:text-indigo-400"
              >
                {item.name}
              </Link>
              <HealthSummary item={item} />
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}

type HealthItem = WorkflowHealth["items"][number];

/**
 * The last run's status and what the last 30 days say: "4 of 4 runs succeeded". Cancelled runs
 * are not counted (they neither succeeded nor failed), so a workflow whose runs were all
 * cancelled says that, not "No ended runs" beside a Cancelled badge.
 */
function HealthSummary({ item }: { item: HealthItem }) {
  const muted = "text-gray-600 dark:text-gray-300";
  if (item.lastStatus === null) return <span className={muted}>Never run</span>;
  if (item.ended === 0 && item.lastStatus === "cancelled") return <span className={muted}>Last run cancelled</span>;
  return (
    <span className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
      <RunStatusBadge status={item.lastStatus} />
      <span className={muted}>{successText(item)}</span>
    </span>
  );
}

function successText({ ended, succeeded }: Pick<HealthItem, "ended" | "succeeded">): string {
  if (ended === 0) return "No runs ended in 30 days";
  return `${succeeded} of ${ended} ${ended === 1 ? "run" : "runs"} succeeded`;
}
