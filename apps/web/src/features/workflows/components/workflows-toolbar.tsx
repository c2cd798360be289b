import { WORKFLOW_STATUS_LABELS, WORKFLOW_STATUSES } from "@flowdeck/shared/workflows/constants";
import clsx from "clsx";
import { ViewModeToggle } from "@/components/ui/view-mode-toggle.tsx";
import type { ViewMode } from "@/lib/use-view-mode.ts";
import type { StatusFilter } from "../lib/use-workflow-filters.ts";

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  ...WORKFLOW_STATUSES.map((status) => ({ value: status, label: WORKFLOW_STATUS_LABELS[status] })),
];

type WorkflowsToolbarProps = {
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
};

/** The status filter (all, draft, active, in progress, completed) and the grid/list toggle. */
export function WorkflowsToolbar({ status, onStatus, view, onView }: WorkflowsToolbarProps) {
  return (
    <div className="flex items-center justify-between gap-3">
      {/* A phone gets a select: five segments do not fit its width. */}
      <select
        aria-label="Filter by status"
        value={status}
        onChange={(event) => onStatus(event.target.value as StatusFilter)}
        className="block min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-none sm:hidden dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
      >
        {FILTERS.map((filter) => (
          <option key={filter.value} value={filter.value}>
            {filter.value === "all" ? "All statuses" : filter.label}
          </option>
        ))}
      </select>
      <div className="-mx-1 hidden min-w-0 overflow-x-auto px-1 py-1 sm:block">
        <div
          role="group"
          aria-label="Filter by status"
          className="inline-flex rounded-lg border border-gray-200 bg-gray-100 p-1 dark:border-gray-800 dark:bg-gray-900"
        >
          {FILTERS.map((filter) => (
            <button
              key={filter.value}
              type="button"
              aria-pressed={status === filter.value}
              onClick={() => onStatus(filter.value)}
              className={clsx(
                "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none",
                status === filter.value
                  ? "bg-white text-gray-900 shadow-sm dark:bg-gray-700 dark:text-gray-100"
                  : "text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100",
              )}
            >
              {filter.label}
            </button>
          ))}
        </div>
      </div>
      <ViewModeToggle value={view} onChange={onView} />
    </div>
  );
}
