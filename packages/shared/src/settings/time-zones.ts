import { TIMEZONES } from "./options.ts";

/**
 * Every IANA time zone (docs/decisions/057): what the runtime knows (Intl.supportedValuesOf), under
 * the names the IANA database uses today, with the specification's eight first and the rest in
 * alphabetical order. Schedules and the weekly report are computed with luxon in any of them,
 * daylight saving included.
 */

/**
 * ICU (Node's and the browsers') still lists some zones under names the IANA database has since
 * replaced; people look for the new ones ("Kolkata", "Kyiv"). Either is accepted; the new one is
 * listed and stored.
 */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
};

/** The name the IANA database uses today for `name` (Asia/Calcutta → Asia/Kolkata). */
export function currentTimeZoneName(name: string): string {
  return CURRENT_NAMES[name] ?? name;
}

let names: readonly string[] | undefined;
let known: ReadonlySet<string> | undefined;

/** The specification's eight, then every other zone the runtime knows, A to Z. */
export function timeZoneNames(): readonly string[] {
  if (names) return names;
  const first: string[] = TIMEZONES.map((zone) => zone.value);
  // Browsers before 2022 have no list: they offer the eight.
  const supported = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const others = new Set(supported.map(currentTimeZoneName));
  for (const name of first) others.delete(name);
  names = [...first, ...[...others].sort()];
  return names;
}

/** Whether `name` is one of the listed zones (under its current name). */
export function isTimeZone(name: string): boolean {
  known ??= new Set(timeZoneNames());
  return known.has(name);
}
