import { timezoneLabel } from "@flowdeck/shared/settings/options";
import { formatInTimezone } from "@flowdeck/shared/workflows/relative-time";
import { describeSchedule, parseDate } from "@flowdeck/shared/workflows/schedule-text";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { formatCalendarDay } from "@/lib/format-date.ts";

// One card speaks one way: days as "Nov 25, 2026", times on the 24-hour clock of the organization.

/** "Mon, Mar 9, 2026, 09:00 EDT (Eastern)": the organization's clock, named. */
export function formatNextRun(iso: string, timezone: string): string {
  const label = timezoneLabel(timezone);
  return `${formatInTimezone(new Date(iso), timezone)}${label === "UTC" ? "" : ` (${label})`}`;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** The schedule in words, a one-time date written as the card's other days are. */
export function scheduleText(schedule: Workflow["schedule"]): string {
  const day = schedule.type === "once" && schedule.isEnabled && parseDate(schedule.date) ? schedule.date : null;
  if (!day) return describeSchedule(schedule);
  return `Once on ${formatCalendarDay(day)} at ${schedule.time ?? "--:--"}`;
}

/**
 * What the scheduler will do, when the stored next run alone would mislead: a moment already past
 * waits for the run under way or for the scheduler's next minute; a one-time schedule that has
 * passed will not run again.
 */
export function nextRunNote(workflow: Workflow, now: Date): string | null {
  const { schedule, nextExecution, status } = workflow;
  if (!schedule.isEnabled || schedule.type === "manual") return null;
  if (!nextExecution) return schedule.type === "once" ? "None: the one-time run's moment has passed" : null;
  if (new Date(nextExecution) > now) return null;
  return status === "in-progress" ? "Due, waits until the run under way ends" : "Due, starts within a minute";
}
