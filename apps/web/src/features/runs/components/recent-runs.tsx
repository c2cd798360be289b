import { RUN_TRIGGER_LABELS } from "@flowdeck/shared/runs/constants";
import type { LastRun } from "@flowdeck/shared/runs/schemas";
import { can } from "@flowdeck/shared";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { RunStatusBadge } from "@/components/ui/run-status-badge.tsx";
import { SkeletonText } from "@/components/ui/skeleton.tsx";
import { formatDateTime } from "@/lib/format-date.ts";
import { useCurrentOrganization } from "@/lib/session/use-current-organization.ts";
import { useCancelRun } from "../api/cancel-run.ts";
import { useRecentRuns } from "../api/get-recent-runs.ts";
import { runKindText, runStepsText } from "../lib/run-kind.ts";

/**
 * A workflow's runs, newest first, on its card: when, by whom (or the scheduler), and how each
 * went. The first page of the run history; "Show older runs" reads the next.
 */
export function RecentRuns({ orgId, workflowId }: { orgId: string; workflowId: string }) {
  const runs = useRecentRuns(orgId, workflowId);
  const pages = runs.data?.pages;

  if (!pages) {
    return runs.isError ? (
      <Alert tone="error">The run history could not be loaded.</Alert>
    ) : (
      <div aria-busy="true" aria-label="Loading run history">
        <SkeletonText lines={2} />
      </div>
    );
  }
  const items = pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return <p className="text-sm text-gray-500 dark:text-gray-400">Not run yet.</p>;
  }
  return (
    <div className="space-y-2">
      <ul aria-label="Run history" className="divide-y divide-gray-100 dark:divide-gray-800">
        {items.map((run) => (
          <RunItem key={run.id} orgId={orgId} run={run} />
        ))}
      </ul>
      {runs.hasNextPage && (
        <Button
          variant="ghost"
          className="px-2 py-1 text-xs"
          busy={runs.isFetchingNextPage}
          onClick={() => void runs.fetchNextPage()}
        >
          Show older runs
        </Button>
      )}
    </div>
  );
}

function RunItem({ orgId, run }: { orgId: string; run: LastRun }) {
  const { role } = useCurrentOrganization();
  const cancel = useCancelRun(orgId);
  const underWay = run.status === "queued" || run.status === "running";
  const who =
    run.trigger === "schedule"
      ? "the scheduler"
      : run.trigger === "webhook"
        ? "a webhook"
        : (run.startedByName ?? "a former member");
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
      <div className="min-w-0">
        <p className="text-gray-900 dark:text-gray-100">
          <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
        </p>
        <p className="text-xs wrap-anywhere text-gray-500 dark:text-gray-400">
          {runKindText(run)} · {run.trigger === "manual" ? "Run now" : RUN_TRIGGER_LABELS[run.trigger]} · by {who} ·{" "}
          {runStepsText(run)}
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
