import { formatRelativeTime } from "@flowdeck/shared/workflows/relative-time";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import clsx from "clsx";
import { CalendarClock, ChevronDown } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { RUN_STATUS_LABELS } from "@flowdeck/shared/runs/constants";
import { Badge } from "@/components/ui/badge.tsx";
import { formatDate } from "@/lib/format-date.ts";
import type { ViewMode } from "@/lib/use-view-mode.ts";
import { formatNextRun, nextRunNote, plural } from "../lib/format.ts";
import { formatInTimezone } from "@flowdeck/shared/workflows/relative-time";
import { ProgressBar } from "./progress-bar.tsx";
import { ScheduleText } from "./schedule-text.tsx";
import { WorkflowActions, type WorkflowHandlers } from "./workflow-actions.tsx";
import { WorkflowStatusBadge } from "./workflow-status-badge.tsx";
import { WorkflowSteps } from "./workflow-steps.tsx";

type WorkflowCardProps = WorkflowHandlers & {
  orgId: string;
  workflow: Workflow;
  /** The organization's IANA timezone: schedules and next runs are on its clock. */
  timezone: string;
  now: Date;
  view: ViewMode;
  canEdit: boolean;
  /** The workflow's run history, from the runs feature (app/workflows composes them). */
  renderRuns: (workflowId: string) => ReactNode;
};

/**
 * A workflow's card (spec 2): name, description, created time, command count, status, progress and
 * next run; expanded, its ordered commands (ticked by editors) and its run history.
 */
export function WorkflowCard({
  orgId,
  workflow,
  timezone,
  now,
  view,
  canEdit,
  renderRuns,
  ...handlers
}: WorkflowCardProps) {
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const panelId = useId();
  const overdue = workflow.dueDate !== null && workflow.status !== "completed" && new Date(workflow.dueDate) < now;
  const list = view === "list";
  const note = nextRunNote(workflow, now);

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <div className={clsx("flex flex-col gap-4", list && "md:flex-row md:items-start md:justify-between")}>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
            <h2 id={titleId} className="min-w-0 text-base font-semibold wrap-anywhere text-gray-900 dark:text-gray-100">
              {workflow.name}
            </h2>
            <div className="flex flex-wrap gap-1.5">
              <WorkflowStatusBadge status={workflow.status} />
              <Badge color="gray">{plural(workflow.taskCount, "command")}</Badge>
            </div>
          </div>
          {workflow.description && (
            <p className="mt-1.5 line-clamp-3 text-sm wrap-anywhere text-gray-600 dark:text-gray-400">
              {workflow.description}
            </p>
          )}
          <dl className="mt-3 grid gap-1 text-xs text-gray-500 dark:text-gray-400">
            <Meta label="Created">
              <time dateTime={workflow.createdAt} title={formatInTimezone(new Date(workflow.createdAt), timezone)}>
                {formatRelativeTime(new Date(workflow.createdAt), now)}
              </time>
              {workflow.createdByName && <> by {workflow.createdByName}</>}
            </Meta>
            <Meta label="Schedule">
              <ScheduleText schedule={workflow.schedule} />
            </Meta>
            {(workflow.nextExecution || note) && (
              <Meta label="Next run">
                <CalendarClock aria-hidden="true" className="mr-1 inline size-3.5 align-[-2px] text-indigo-500" />
                {workflow.nextExecution && (
                  <time dateTime={workflow.nextExecution}>{formatNextRun(workflow.nextExecution, timezone)}</time>
                )}
                {note && (
                  <span className="font-medium text-amber-700 dark:text-amber-300">
                    {workflow.nextExecution ? ` · ${note}` : note}
                  </span>
                )}
              </Meta>
            )}
            <Meta label="Last run">
              {workflow.lastExecuted ? formatRelativeTime(new Date(workflow.lastExecuted), now) : "Never"}
              {workflow.lastRun && (
                <>
                  {" · "}
                  <Link
                    to={`/workflows/runs/${workflow.lastRun.id}`}
                    className="text-indigo-600 hover:underline dark:text-indigo-400"
                  >
                    {RUN_STATUS_LABELS[workflow.lastRun.status]}
                    <span className="sr-only"> — view the last run of {workflow.name}</span>
                  </Link>
                </>
              )}
            </Meta>
            <Meta label="History">
              <Link
                to={`/workflows/${workflow.id}/history`}
                className="text-indigo-600 hover:underline dark:text-indigo-400"
              >
                All runs<span className="sr-only"> of {workflow.name}</span>
              </Link>
            </Meta>
            {workflow.lastSkippedAt && (
              <Meta label="Skipped">
                {workflow.skippedRuns} {workflow.skippedRuns === 1 ? "due run" : "due runs"} while a run was under way,
                last <time dateTime={workflow.lastSkippedAt}>{formatNextRun(workflow.lastSkippedAt, timezone)}</time>
              </Meta>
            )}
            {workflow.dueDate && (
              <Meta label="Due">
                <span className={overdue ? "font-medium text-red-600 dark:text-red-400" : undefined}>
                  {formatDate(workflow.dueDate)}
                  {overdue && " (overdue)"}
                </span>
              </Meta>
            )}
          </dl>
        </div>
        <div className={clsx(list && "md:w-72 md:shrink-0")}>
          <ProgressBar
            label="Progress"
            value={workflow.progress}
            detail={`${workflow.completedTasks} of ${workflow.taskCount} done`}
          />
        </div>
      </div>

      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((open) => !open)}
        className="mt-4 flex w-full items-center justify-between rounded-md py-1 text-left text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-300 dark:hover:text-indigo-200"
      >
        <span>
          {expanded ? "Hide" : "Show"} commands and runs<span className="sr-only"> of {workflow.name}</span>
        </span>
        <ChevronDown aria-hidden="true" className={clsx("size-4 transition-transform", expanded && "rotate-180")} />
      </button>
      {expanded && (
        <div id={panelId} className="mt-2 space-y-4">
          <WorkflowSteps
            orgId={orgId}
            workflow={workflow}
            canEdit={canEdit}
            onError={(text) => handlers.onNotice({ tone: "error", text })}
          />
          <section aria-label={`Runs of ${workflow.name}`}>
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">
              Run history
            </h3>
            {renderRuns(workflow.id)}
          </section>
        </div>
      )}

      {canEdit && (
        <div className="mt-auto pt-4">
          <div className="border-t border-gray-100 pt-4 dark:border-gray-800">
            <WorkflowActions orgId={orgId} workflow={workflow} {...handlers} />
          </div>
        </div>
      )}
    </article>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt className="shrink-0">{label}:</dt>
      <dd className="min-w-0 font-medium wrap-anywhere text-gray-700 dark:text-gray-300">{children}</dd>
    </div>
  );
}
