const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Spec 9: days are counted up to 30; older (or further) moments show their date. */
const MAX_DAYS = 30;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/**
 * Spec 9's relative time: under an hour in minutes, then hours, then days up to 30, then the date
 * ("5 minutes ago", "in 3 hours", "Mar 5, 2025"). Under a minute is "just now". The date is shown
 * in `timeZone` (the viewer's own when none is given) and `locale`.
 */
export function formatRelativeTime(
  date: Date,
  now: Date,
  options: { locale?: string; timeZone?: string } = {},
): string {
  const difference = now.getTime() - date.getTime();
  const past = difference >= 0;
  const span = Math.abs(difference);
  const say = (text: string) => (past ? `${text} ago` : `in ${text}`);
  if (span < MINUTE) return "just now";
  if (span < HOUR) return say(plural(Math.floor(span / MINUTE), "minute"));
  if (span < DAY) return say(plural(Math.floor(span / HOUR), "hour"));
  if (span < MAX_DAYS * DAY) return say(plural(Math.floor(span / DAY), "day"));
  return formatDate(date, options);
}

// Intl only, no luxon: the workflows list shows these on every card before luxon could arrive
// (docs/decisions/083).

/** "Mar 5, 2025". */
export function formatDate(
  date: Date,
  { locale = "en-US", timeZone }: { locale?: string; timeZone?: string } = {},
): string {
  return new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", timeZone }).format(date);
}

const MOMENT = {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
} as const satisfies Intl.DateTimeFormatOptions;

/**
 * A moment as the organization reads it: "Mon, Mar 9, 2026, 09:00 EDT". The zone's abbreviation
 * (or its offset, "GMT+5:30", where it has none) says which clock the time is on.
 */
export function formatInTimezone(date: Date, timeZone: string, locale = "en-US"): string {
  const text = new Intl.DateTimeFormat(locale, { ...MOMENT, timeZone }).format(date);
  const zone = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" })
    .formatToParts(date)
    .find((part) => part.type === "timeZoneName")?.value;
  return zone ? `${text} ${zone}` : text;
}
