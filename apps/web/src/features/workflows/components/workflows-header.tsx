import type { ReactNode } from "react";

/**
 * The workflows page's header: its title, the line under it and the page's action (Create Workflow).
 * Without the action it needs no data, so the build draws it into the page's HTML too
 * (src/prerender/drawn-screens.tsx): the page's largest text paints with the HTML.
 */
export function WorkflowsHeader({ action }: { action?: ReactNode }) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900 dark:text-gray-100">Workflows</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Commands in order, run by hand or on a schedule, with each run's progress.
        </p>
      </div>
      {action}
    </header>
  );
}
