import type { WorkflowRun } from "@flowdeck/shared/workflows/schemas";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { useState } from "react";
import { useWorkflowRuns } from "../api/get-workflow-runs.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { can } from "@flowdeck/shared";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { useCancelRun } from "../api/cancel-run.ts";
import { RunStatusBadge } from "./run-status-badge.tsx";
import { runKindText, runStepsText } from "../lib/run-kind.ts";

const PAGE = 5;

/** The workflow's runs, newest first: when, by whom (or the scheduler), and how each went. */
export function WorkflowRuns({ orgId, workflowId }: { orgId: string; workflowId: string }) {
  const [pageSize, setPageSize] = useState(PAGE);
  const runs = useWorkflowRuns(orgId, workflowId, { page: 1, pageSize }, true);
  const data = runs.data;

  if (!data) {
    return runs.isError ? (
      <Alert tone="error">The run history could not be loaded.</Alert>
    ) : (
      <div aria-busy="true" aria-label="Loading run history">
        <SkeletonText lines={2} />
      </div>
    );
  }
  if (data.total === 0) {
    return <p className="text-sm text-gray-500 dark:text-gray-400">Not run yet.</p>;
  }
  return (
    <div className="space-y-2">
      <ul aria-label="Run history" className="divide-y divide-gray-100 dark:divide-gray-800">
        {data.items.map((run) => (
          <RunItem key={run.id} orgId={orgId} run={run} />
        ))}
      </ul>
      {data.total > data.items.length && (
        <Button
          variant="ghost"
          className="px-2 py-1 text-xs"
          busy={runs.isFetching}
          onClick={() => setPageSize((size) => size + PAGE)}
        >
          Show older runs ({data.total - data.items.length})
        </Button>
      )}
    </div>
  );
}

function RunItem({ orgId, run }: { orgId: string; run: WorkflowRun }) {
  const { role } = useCurrentOrganization();
  const cancel = useCancelRun(orgId);
  const underWay = run.status === "queued" || run.status === "running";
  const who = run.trigger === "schedule" ? "the scheduler" : (run.startedByName ?? "a former member");
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
      <div className="min-w-0">
        <p className="text-gray-900 dark:text-gray-100">
          <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
        </p>
        <p className="text-xs wrap-anywhere text-gray-500 dark:text-gray-400">
          {runKindText(run)} · {run.trigger === "schedule" ? "Scheduled" : "Run now"} · by {who} · {runStepsText(run)}
          {run.finishedAt && (
            <>
              {" "}
              · ended <time dateTime={run.finishedAt}>{formatDateTime(run.finishedAt)}</time>
            </>
          )}
        </p>
      </div>
      <span className="flex items-center gap-2">
        <RunStatusBadge status={run.status} />
        {underWay && can(role, "runs.cancel") && (
          <Button
            variant="ghost"
            className="px-2 py-1 text-xs"
            busy={cancel.isPending}
            disabled={run.cancelRequested}
            title={cancel.error?.message}
            onClick={() => cancel.mutate(run.id)}
          >
            {run.cancelRequested ? "Cancelling…" : "Cancel"}
            <span className="sr-only"> the run of {formatDateTime(run.startedAt)}</span>
          </Button>
        )}
        <Link to={`/workflows/runs/${run.id}`} className="text-xs text-indigo-600 hover:underline dark:text-indigo-400">
          View run<span className="sr-only"> of {formatDateTime(run.startedAt)}</span>
        </Link>
      </span>
    </li>
  );
}
