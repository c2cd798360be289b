import { cronExpressionError, describeCron, nextCronRuns } from "@flowdeck/shared/workflows/cron";
import { CalendarClock } from "lucide-react";
import { formatNextRun } from "../lib/format.ts";
import { useNow } from "../lib/use-now.ts";
import { ClockNote } from "./clock-note.tsx";

const PREVIEW_RUNS = 5;

/**
 * A cron expression in words and its next five runs on the organization's clock, computed as the
 * scheduler will (same shared code), so what is saved holds no surprise; or why it is refused.
 */
export function CronPreview({ expression, timezone }: { expression: string; timezone: string }) {
  const now = useNow();
  const error = expression.trim() ? cronExpressionError(expression) : null;
  const runs = error || !expression.trim() ? [] : nextCronRuns(expression, { now, timezone, count: PREVIEW_RUNS });
  return (
    <div className="space-y-1">
      <div
        aria-live="polite"
        className="flex items-start gap-2 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:bg-indigo-500/10 dark:text-indigo-200"
      >
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {!expression.trim() ? (
          <span>Type a cron expression to see when it runs.</span>
        ) : error ? (
          <span className="text-red-700 dark:text-red-300">{error}</span>
        ) : (
          <div className="min-w-0 space-y-1">
            <p className="font-medium">{describeCron(expression)}</p>
            <p>Next runs:</p>
            <ol aria-label="Next runs" className="list-inside list-decimal space-y-0.5">
              {runs.map((run) => (
                <li key={run.toISOString()}>{formatNextRun(run.toISOString(), timezone)}</li>
              ))}
            </ol>
          </div>
        )}
      </div>
      <ClockNote timezone={timezone} />
    </div>
  );
}
