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
              <span className="flex items-center gap-3">
                {item.lastStatus ? <RunStatusBadge status={item.lastStatus} /> : <span>Never run</span>}
                <span className="w-28 text-right text-gray-600 dark:text-gray-300">
                  {item.successRate === null ? "No ended runs" : `${item.successRate}% of ${item.ended} succeeded`}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
