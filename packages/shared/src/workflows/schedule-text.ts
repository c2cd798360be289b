import { WEEKDAYS, type ScheduleType } from "./constants.ts";

// A schedule's fields read and said in words, without the calendar library (luxon) or the cron
// libraries: the workflows list shows every card's schedule before those have arrived
// (docs/decisions/083). The arithmetic is in schedule.ts; a cron schedule's words in cron.ts.

/**
 * A workflow's schedule as stored (spec 3): date "yyyy-mm-dd" for once, time "HH:mm", dayOfWeek
 * "0"–"6" (Sunday "0"), dayOfMonth "1"–"28", expression for cron (five fields), all read in the
 * organization's timezone.
 */
export type Schedule = {
  type: ScheduleType;
  isEnabled: boolean;
  date?: string | null;
  time?: string | null;
  dayOfWeek?: string | null;
  dayOfMonth?: string | null;
  expression?: string | null;
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day that exists ("2026-02-30" does not). */
export function parseDate(value: string | null | undefined): { year: number; month: number; day: number } | null {
  const match = DATE.exec(value ?? "");
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const utc = new Date(0);
  utc.setUTCFullYear(date.year, date.month - 1, date.day);
  const exists =
    utc.getUTCFullYear() === date.year && utc.getUTCMonth() === date.month - 1 && utc.getUTCDate() === date.day;
  return exists ? date : null;
}

export function parseDayOfWeek(value: string | null | undefined): number | null {
  return /^[0-6]$/.test(value ?? "") ? Number(value) : null;
}

/**
 * "Every Monday at 09:00", "Daily at 06:30", "Monthly on day 5 at 12:00", "Once on 2026-03-01 at
 * 09:00"; a cron schedule as its expression ("Cron 30 2 * * 1"), which `describeCron` (cron.ts,
 * large) puts in words where it is loaded.
 */
export function describeSchedule(schedule: Schedule): string {
  if (!schedule.isEnabled || schedule.type === "manual") return "Manual";
  const time = schedule.time ?? "--:--";
  switch (schedule.type) {
    case "once":
      return `Once on ${schedule.date ?? "?"} at ${time}`;
    case "daily":
      return `Daily at ${time}`;
    case "weekly": {
      const weekday = parseDayOfWeek(schedule.dayOfWeek);
      return `Every ${weekday === null ? "week" : WEEKDAYS[weekday]} at ${time}`;
    }
    case "monthly":
      return `Monthly on day ${schedule.dayOfMonth ?? "?"} at ${time}`;
    case "cron":
      return `Cron ${schedule.expression ?? ""}`;
  }
}
