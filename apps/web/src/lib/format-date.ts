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
