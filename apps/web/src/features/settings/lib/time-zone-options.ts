import { timezoneLabel } from "@flowdeck/shared/settings/options";
import { timeZoneNames } from "@flowdeck/shared/settings/time-zones";

export type TimeZoneOption = { value: string; text: string; search: string };

/**
 * Every time zone as the picker lists it (the specification's eight first), each with its UTC
 * offset today: "Eastern: America/New York (UTC-05:00)", "Asia/Kolkata (UTC+05:30)".
 */
export function timeZoneOptions(now = new Date()): TimeZoneOption[] {
  return timeZoneNames().map((value) => {
    const offset = utcOffset(value, now);
    const label = timezoneLabel(value);
    const name = value.replaceAll("_", " ");
    const text = value === "UTC" ? "UTC" : label === value ? `${name} (${offset})` : `${label}: ${name} (${offset})`;
    // "+5:30" finds "+05:30" too.
    const search = normalize(`${text} ${value} ${offset.replace(/([+-])0(\d)/, "$1$2")}`);
    return { value, text, search };
  });
}

/** The options whose name, label or offset contains every word of `query`. */
export function matchingTimeZones(options: TimeZoneOption[], query: string): TimeZoneOption[] {
  const words = normalize(query).split(" ").filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((option) => words.every((word) => option.search.includes(word)));
}

function normalize(text: string) {
  return text.toLowerCase().replaceAll("_", " ").replaceAll("/", " ").replaceAll("−", "-");
}

/** "UTC+05:30" for Asia/Kolkata, "UTC" for UTC itself, at `now` (daylight saving included). */
function utcOffset(zone: string, now: Date): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(now)
    .find((part) => part.type === "timeZoneName")?.value;
  return !name || name === "GMT" ? "UTC" : name.replace("GMT", "UTC");
}
