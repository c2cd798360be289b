// The one date formatter of the web app: every date and time on screen goes through here.
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A day in the reader's locale, with the month abbreviated ("Mar 4, 2025"). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** A day and a time in the reader's locale ("Mar 4, 2025, 9:30 AM"). */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

// A calendar day (a one-time schedule's date, a report's date) names no moment: it is written as
// it was chosen, the same for every reader, so it never shifts by the reader's time zone.
const calendarDayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** A calendar day given as yyyy-mm-dd ("2025-02-03" is "Feb 3, 2025" everywhere). */
export function formatCalendarDay(day: string): string {
  return calendarDayFormat.format(new Date(`${day}T00:00:00Z`));
}
