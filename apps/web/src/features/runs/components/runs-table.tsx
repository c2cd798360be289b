import type { LastRun } from "@flowdeck/shared/runs/schemas";
import { RUN_TRIGGER_LABELS } from "@flowdeck/shared/runs/constants";
import { Link } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import type { DataTableColumn } from "@/components/ui/data-table.tsx";
import { RunStatusBadge } from "@/components/ui/run-status-badge.tsx";
import { TableOrCards } from "@/components/ui/table-or-cards.tsx";
import { formatDateTime } from "@/lib/format-date.ts";
import { parametersLine } from "../lib/parameter-text.ts";
import { runKindText } from "../lib/run-kind.ts";

/** A run of a list; on the Runs page it names its workflow. */
type ListedRun = LastRun & { workflowName?: string };

type RunsTableProps = {
  runs: ListedRun[];
  caption: string;
  /** The Runs page's column: which workflow each run is of. */
  showWorkflow?: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onShowMore: () => void;
};

function StartedLink({ run }: { run: ListedRun }) {
  return (
    <>
      <Link to={`/workflows/runs/${run.id}`} className="text-indigo-600 hover:underline dark:text-indigo-400">
        {formatDateTime(run.startedAt)}
      </Link>
      {run.pinned && <span className="ml-2 text-xs text-gray-600 dark:text-gray-400">Pinned</span>}
    </>
  );
}

function WorkflowLink({ run }: { run: ListedRun }) {
  return (
    <Link
      to={`/workflows/${run.workflowId}/history`}
      className="font-medium text-gray-900 hover:underline dark:text-gray-100"
      aria-label={`Run history of ${run.workflowName}`}
    >
      {run.workflowName}
    </Link>
  );
}

/**
 * Runs newest first, a keyset page at a time ("Show more" asks for the next): a table from the
 * md breakpoint up, a card per run on a phone. Each run's start links to its view.
 */
export function RunsTable({ runs, caption, showWorkflow = false, hasMore, loadingMore, onShowMore }: RunsTableProps) {
  const withParameters = runs.some((run) => run.parameterLabels.length > 0);
  const columns: DataTableColumn<ListedRun>[] = [
    { key: "started", header: "Started", cell: (run) => <StartedLink run={run} /> },
    ...(showWorkflow
      ? [{ key: "workflow", header: "Workflow", cell: (run: ListedRun) => <WorkflowLink run={run} /> }]
      : []),
    { key: "status", header: "Status", cell: (run) => <RunStatusBadge status={run.status} /> },
    { key: "trigger", header: "Trigger", cell: (run) => RUN_TRIGGER_LABELS[run.trigger] },
    { key: "where", header: "Where", cell: (run) => runKindText(run) },
    ...(withParameters
      ? [
          {
            key: "parameters",
            header: "Parameters",
            className: "text-xs wrap-anywhere",
            cell: (run: ListedRun) => parametersLine(run),
          },
        ]
      : []),
  ];
  return (
    <div className="space-y-3">
      <TableOrCards
        caption={caption}
        columns={columns}
        rows={runs}
        rowKey={(run) => run.id}
        emptyMessage="No runs match these filters."
        card={(run) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              {showWorkflow ? <WorkflowLink run={run} /> : <StartedLink run={run} />}
              <RunStatusBadge status={run.status} />
            </div>
            {showWorkflow && (
              <p>
                <StartedLink run={run} />
              </p>
            )}
            <p className="text-gray-600 dark:text-gray-400">
              {RUN_TRIGGER_LABELS[run.trigger]} · {runKindText(run)}
            </p>
            {run.parameterLabels.length > 0 && <p className="text-xs wrap-anywhere">{parametersLine(run)}</p>}
          </>
        )}
      />
      {hasMore && (
        <Button variant="secondary" onClick={onShowMore} disabled={loadingMore}>
          Show more
        </Button>
      )}
    </div>
  );
}
