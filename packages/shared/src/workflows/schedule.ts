import { DateTime } from "luxon";
import type { ScheduleType } from "./constants.ts";
import { nextCronRuns } from "./cron.ts";
import { parseDate, parseDayOfWeek, type Schedule } from "./schedule-text.ts";

/** What a workflow starts with and what a disabled schedule is saved as (spec 5, 9). */
export const MANUAL_SCHEDULE = {
  type: "manual",
  isEnabled: false,
  date: null,
  time: null,
  dayOfWeek: null,
  dayOfMonth: null,
} as const satisfies Schedule;

export type NormalizedSchedule = {
  type: ScheduleType;
  isEnabled: boolean;
  date: string | null;
  time: string | null;
  dayOfWeek: string | null;
  dayOfMonth: string | null;
  /** Only on a cron schedule. */
  expression?: string;
};

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function parseTime(value: string | null | undefined): { hour: number; minute: number } | null {
  const match = TIME.exec(value ?? "");
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

export function parseDayOfMonth(value: string | null | undefined): number | null {
  return /^([1-9]|1\d|2[0-8])$/.test(value ?? "") ? Number(value) : null;
}

/**
 * Only what the type uses is kept; a disabled schedule, or a manual one, is saved as manual and
 * not enabled (spec 5 "Workflow form").
 */
export function normalizeSchedule(schedule: Schedule): NormalizedSchedule {
  if (!schedule.isEnabled || schedule.type === "manual") return { ...MANUAL_SCHEDULE };
  const keep = (field: keyof Schedule, used: boolean) => (used ? ((schedule[field] as string | null) ?? null) : null);
  return {
    type: schedule.type,
    isEnabled: true,
    date: keep("date", schedule.type === "once"),
    time: keep("time", schedule.type !== "cron"),
    dayOfWeek: keep("dayOfWeek", schedule.type === "weekly"),
    dayOfMonth: keep("dayOfMonth", schedule.type === "monthly"),
    // One space between fields, so the stored expression reads as the words shown for it.
    ...(schedule.type === "cron" && { expression: (schedule.expression ?? "").trim().split(/\s+/).join(" ") }),
  };
}

/**
 * The moment a wall-clock time happens on a day in `zone`. A time the clocks skip (spring forward)
 * is moved on by the gap, as luxon does: 02:30 becomes 03:30. A time that happens twice (clocks go
 * back) is the first of the two moments, as people read "01:30" on that morning.
 */
function atLocalTime(
  day: { year: number; month: number; day: number },
  time: { hour: number; minute: number },
  zone: string,
): DateTime {
  const moment = DateTime.fromObject({ ...day, ...time }, { zone });
  const offsetChange = Math.abs(moment.offset - moment.minus({ hours: 3 }).offset);
  if (offsetChange > 0) {
    const earlier = moment.minus({ minutes: offsetChange });
    if (earlier.hour === moment.hour && earlier.minute === moment.minute && earlier.day === moment.day) return earlier;
  }
  return moment;
}

function dayOf(date: DateTime) {
  return { year: date.year, month: date.month, day: date.day };
}

/**
 * When the schedule runs next, strictly after `now`, reading its date and times in `timezone` (an
 * IANA name; the organization's, UTC by default). Spec 9: daily, weekly and monthly roll forward a
 * day, a week or a month when this period's time has passed; none for a manual or disabled
 * schedule, nor for a one-time schedule whose moment has passed, nor when a field it needs is
 * missing. Calendar arithmetic is luxon's, so it holds across daylight-saving changes.
 */
export function nextExecution(schedule: Schedule, options: { now: Date; timezone: string }): Date | null {
  if (!schedule.isEnabled || schedule.type === "manual") return null;
  if (schedule.type === "cron") {
    return nextCronRuns(schedule.expression ?? "", { ...options, count: 1 })[0] ?? null;
  }
  const time = parseTime(schedule.time);
  const now = DateTime.fromJSDate(options.now, { zone: options.timezone });
  if (!time || !now.isValid) return null;
  const after = (candidate: DateTime) => candidate.toMillis() > options.now.getTime();
  const first = (candidate: DateTime, next: () => DateTime) => (after(candidate) ? candidate : next());
  const zone = options.timezone;
  const today = now.startOf("day");

  switch (schedule.type) {
    case "once": {
      const date = parseDate(schedule.date);
      if (!date) return null;
      const moment = atLocalTime(date, time, zone);
      return after(moment) ? moment.toJSDate() : null;
    }
    case "daily":
      return first(atLocalTime(dayOf(today), time, zone), () =>
        atLocalTime(dayOf(today.plus({ days: 1 })), time, zone),
      ).toJSDate();
    case "weekly": {
      const weekday = parseDayOfWeek(schedule.dayOfWeek);
      if (weekday === null) return null;
      // luxon counts Monday 1 to Sunday 7; the schedule counts Sunday 0 to Saturday 6.
      const ahead = (weekday - (now.weekday % 7) + 7) % 7;
      const day = today.plus({ days: ahead });
      return first(atLocalTime(dayOf(day), time, zone), () =>
        atLocalTime(dayOf(day.plus({ weeks: 1 })), time, zone),
      ).toJSDate();
    }
    case "monthly": {
      const dayOfMonth = parseDayOfMonth(schedule.dayOfMonth);
      if (dayOfMonth === null) return null;
      const day = today.set({ day: dayOfMonth });
      return first(atLocalTime(dayOf(day), time, zone), () =>
        atLocalTime(dayOf(day.plus({ months: 1 })), time, zone),
      ).toJSDate();
    }
  }
}
