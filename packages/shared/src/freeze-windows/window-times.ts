import { DateTime } from "luxon";
import type { WeeklyFreeze } from "./schemas.ts";

/** A freeze window as stored: one-off (startsAt, endsAt) or weekly, with its reason. */
export type FreezeRule = {
  id: string;
  reason: string;
  startsAt: Date | null;
  endsAt: Date | null;
  weekly: WeeklyFreeze | null;
};

/** One stretch of time a window freezes: [startsAt, endsAt). */
export type FreezeOccurrence = { id: string; reason: string; startsAt: Date; endsAt: Date };

const DAY_MS = 86_400_000;

/**
 * The occurrences of a window that overlap [from, to). A weekly window's times are wall-clock times
 * in `timeZone`, so its instants move with daylight saving time: 18:00 in London is 17:00 UTC in
 * summer and 18:00 UTC in winter. A time that does not exist on a day (the hour the clocks skip)
 * starts when the clocks resume; an hour that happens twice takes its first.
 */
export function occurrencesOf(rule: FreezeRule, from: Date, to: Date, timeZone: string): FreezeOccurrence[] {
  const { id, reason } = rule;
  if (!rule.weekly) {
    if (!rule.startsAt || !rule.endsAt) return [];
    const overlaps = rule.startsAt < to && rule.endsAt > from;
    return overlaps ? [{ id, reason, startsAt: rule.startsAt, endsAt: rule.endsAt }] : [];
  }
  const { days, from: start, to: end } = rule.weekly;
  const overnight = end <= start;
  const occurrences: FreezeOccurrence[] = [];
  // From the day before `from` (an overnight window that began then) to the day `to` falls on.
  let day = DateTime.fromJSDate(from, { zone: timeZone }).startOf("day").minus({ days: 1 });
  const lastDay = DateTime.fromJSDate(to, { zone: timeZone }).startOf("day");
  while (day <= lastDay) {
    if (days.includes(day.weekday % 7)) {
      const startsAt = atTime(day, start);
      const endsAt = atTime(overnight ? day.plus({ days: 1 }) : day, end);
      if (startsAt < to && endsAt > from) occurrences.push({ id, reason, startsAt, endsAt });
    }
    day = day.plus({ days: 1 });
  }
  return occurrences;
}

function atTime(day: DateTime, time: string): Date {
  const [hour, minute] = time.split(":").map(Number);
  return day.set({ hour: hour!, minute: minute!, second: 0, millisecond: 0 }).toJSDate();
}

/** The window in force at `at`, if any: of several, the one that ends last (the freeze lasts that long). */
export function activeFreeze(rules: readonly FreezeRule[], at: Date, timeZone: string): FreezeOccurrence | null {
  const moment = new Date(at.getTime() + 1);
  const active = rules.flatMap((rule) => occurrencesOf(rule, at, moment, timeZone));
  return active.reduce<FreezeOccurrence | null>(
    (last, item) => (!last || item.endsAt > last.endsAt ? item : last),
    null,
  );
}

/** The first window to start after `after` and within `withinMs` of it, if any. */
export function nextFreeze(
  rules: readonly FreezeRule[],
  after: Date,
  timeZone: string,
  withinMs = DAY_MS,
): FreezeOccurrence | null {
  const until = new Date(after.getTime() + withinMs);
  const upcoming = rules
    .flatMap((rule) => occurrencesOf(rule, after, until, timeZone))
    .filter((item) => item.startsAt > after && item.startsAt <= until);
  return upcoming.reduce<FreezeOccurrence | null>(
    (first, item) => (!first || item.startsAt < first.startsAt ? item : first),
    null,
  );
}

/** A window's occurrence under way at `at`, else its next one within eight days; null when none. */
export function currentOrNextOccurrence(rule: FreezeRule, at: Date, timeZone: string) {
  const occurrence = occurrencesOf(rule, at, new Date(at.getTime() + 8 * DAY_MS), timeZone)[0];
  if (!occurrence) return null;
  return { startsAt: occurrence.startsAt, endsAt: occurrence.endsAt, active: occurrence.startsAt <= at };
}

/** A wall-clock date and time ("2026-12-24T18:00", as a datetime-local field gives it) in `timeZone`, as an instant. */
export function instantFromLocal(local: string, timeZone: string): string | null {
  const moment = DateTime.fromISO(local, { zone: timeZone });
  return moment.isValid ? moment.toUTC().toISO() : null;
}

/** The days of a weekly window as words, Monday first ("Mon, Tue"). */
export function describeDays(days: readonly number[]): string {
  const names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  return [1, 2, 3, 4, 5, 6, 0]
    .filter((day) => days.includes(day))
    .map((day) => names[day])
    .join(", ");
}
