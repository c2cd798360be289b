import { timezoneLabel } from "@flowdeck/shared/settings/options";
import { formatInTimezone } from "@flowdeck/shared/workflows/relative-time";

/** "Mon, Mar 9, 2026, 09:00 EDT (Eastern)": the organization's clock, named. */
export function formatNextRun(iso: string, timezone: string): string {
  const label = timezoneLabel(timezone);
  return `${formatInTimezone(new Date(iso), timezone)}${label === "UTC" ? "" : ` (${label})`}`;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
