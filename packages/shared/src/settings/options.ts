/**
 * Spec 3 "organization" settings choices. Timezones are stored as IANA names, so schedules are
 * computed DST-correct (luxon). These are the specification's eight, with its names for them:
 * first in the list of every IANA zone that can be chosen (time-zones.ts, decision 057).
 */
export const TIMEZONES = [
  { value: "UTC", label: "UTC" },
  { value: "America/New_York", label: "Eastern" },
  { value: "America/Chicago", label: "Central" },
  { value: "America/Denver", label: "Mountain" },
  { value: "America/Los_Angeles", label: "Pacific US" },
  { value: "Europe/London", label: "London" },
  { value: "Europe/Paris", label: "Paris" },
  { value: "Asia/Tokyo", label: "Tokyo" },
] as const;

/** Spec 9: a new organization's timezone. */
export const DEFAULT_TIMEZONE = "UTC";

/** "Eastern" for America/New_York; any other zone is shown by its IANA name. */
export function timezoneLabel(value: string): string {
  return TIMEZONES.find((timezone) => timezone.value === value)?.label ?? value;
}

export const INDUSTRIES = [
  { value: "technology", label: "Technology" },
  { value: "healthcare", label: "Healthcare" },
  { value: "finance", label: "Finance" },
  { value: "education", label: "Education" },
  { value: "retail", label: "Retail" },
  { value: "manufacturing", label: "Manufacturing" },
  { value: "consulting", label: "Consulting" },
  { value: "other", label: "Other" },
] as const;

export type Industry = (typeof INDUSTRIES)[number]["value"];
export const INDUSTRY_VALUES = INDUSTRIES.map((industry) => industry.value) as [Industry, ...Industry[]];

export function isIndustry(value: unknown): value is Industry {
  return typeof value === "string" && (INDUSTRY_VALUES as readonly string[]).includes(value);
}

export type NotificationSettings = { email: boolean; pushNotifications: boolean; weeklyReports: boolean };

/** Spec 9: email on, push on, weekly reports off. */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  email: true,
  pushNotifications: true,
  weeklyReports: false,
};

export const NOTIFICATION_OPTIONS = [
  // Each text says what is sent (decision 039): only what Flowdeck really does. Push notifications
  // has no switch: nothing can push, so the stored value is kept but not offered.
  {
    key: "email",
    label: "Email notifications",
    description:
      "Mail every member when a run fails, times out or loses its runner. Members can mute the organization on their profile.",
  },
  {
    key: "weeklyReports",
    label: "Weekly reports",
    description:
      "Mail every member a summary of the past week (runs, failures, new members, documents) on Mondays at 08:00 in the organization's timezone.",
  },
] as const satisfies readonly { key: keyof NotificationSettings; label: string; description: string }[];
