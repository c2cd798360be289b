import { describe, expect, it } from "vitest";
import { formatInTimezone, formatRelativeTime } from "./relative-time.ts";

const now = new Date("2026-03-04T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("formatRelativeTime (spec 9: minutes under an hour, then hours, then days up to 30, then the date)", () => {
  it.each([
    ["now", 0, "just now"],
    ["59 seconds", 59_000, "just now"],
    ["1 minute", MINUTE, "1 minute ago"],
    ["59 minutes", 59 * MINUTE + 59_000, "59 minutes ago"],
    ["1 hour", HOUR, "1 hour ago"],
    ["23 hours", 23 * HOUR + 59 * MINUTE, "23 hours ago"],
    ["1 day", DAY, "1 day ago"],
    ["29 days", 29 * DAY + 23 * HOUR, "29 days ago"],
    ["30 days", 30 * DAY, "Feb 2, 2026"],
    ["a year", 365 * DAY, "Mar 4, 2025"],
  ])("%s ago", (_, ms, text) => {
    expect(formatRelativeTime(ago(ms), now, { timeZone: "UTC" })).toBe(text);
  });

  it.each([
    [5 * MINUTE, "in 5 minutes"],
    [3 * HOUR, "in 3 hours"],
    [2 * DAY, "in 2 days"],
    [45 * DAY, "Apr 18, 2026"],
  ])("ahead by %i ms", (ms, text) => {
    expect(formatRelativeTime(new Date(now.getTime() + ms), now, { timeZone: "UTC" })).toBe(text);
  });

  it("shows the date on the given clock", () => {
    const late = new Date("2026-01-01T03:00:00Z");
    expect(formatRelativeTime(late, now, { timeZone: "America/New_York" })).toBe("Dec 31, 2025");
    expect(formatRelativeTime(late, now, { timeZone: "Asia/Tokyo" })).toBe("Jan 1, 2026");
  });
});

describe("formatInTimezone", () => {
  it("names the clock the time is read on, daylight saving included", () => {
    expect(formatInTimezone(new Date("2026-03-09T13:00:00Z"), "America/New_York")).toBe("Mon, Mar 9, 2026, 09:00 EDT");
    expect(formatInTimezone(new Date("2026-01-05T14:00:00Z"), "America/New_York")).toBe("Mon, Jan 5, 2026, 09:00 EST");
    expect(formatInTimezone(new Date("2026-06-01T08:00:00Z"), "Europe/London")).toMatch(
      /^Mon, Jun 1, 2026, 09:00 (BST|GMT\+1)$/,
    );
    expect(formatInTimezone(new Date("2026-06-01T08:00:00Z"), "UTC")).toBe("Mon, Jun 1, 2026, 08:00 UTC");
  });
});
