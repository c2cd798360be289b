import { describe, expect, it } from "vitest";
import {
  activeFreeze,
  currentOrNextOccurrence,
  describeDays,
  instantFromLocal,
  nextFreeze,
  occurrencesOf,
  type FreezeRule,
} from "./window-times.ts";

const weekly = (days: number[], from: string, to: string, reason = "Evening freeze"): FreezeRule => ({
  id: "w",
  reason,
  startsAt: null,
  endsAt: null,
  weekly: { days, from, to },
});
const at = (iso: string) => new Date(iso);

describe("freeze windows in the organization's time zone", () => {
  it("moves a weekly window's instants with daylight saving time (Europe/London)", () => {
    // Sundays 00:30–03:30 local. 2026-03-29 the clocks go 01:00 → 02:00; 2026-10-25 02:00 → 01:00.
    const rule = weekly([0], "00:30", "03:30");
    const [spring] = occurrencesOf(rule, at("2026-03-29T00:00:00Z"), at("2026-03-29T06:00:00Z"), "Europe/London");
    expect(spring?.startsAt.toISOString()).toBe("2026-03-29T00:30:00.000Z"); // still GMT
    expect(spring?.endsAt.toISOString()).toBe("2026-03-29T02:30:00.000Z"); // BST: 03:30 local
    const [autumn] = occurrencesOf(rule, at("2026-10-24T22:00:00Z"), at("2026-10-25T06:00:00Z"), "Europe/London");
    expect(autumn?.startsAt.toISOString()).toBe("2026-10-24T23:30:00.000Z"); // BST
    expect(autumn?.endsAt.toISOString()).toBe("2026-10-25T03:30:00.000Z"); // GMT again
  });

  it("starts a window in the skipped hour when the clocks resume", () => {
    const [occurrence] = occurrencesOf(
      weekly([0], "01:30", "04:00"),
      at("2026-03-29T00:00:00Z"),
      at("2026-03-29T06:00:00Z"),
      "Europe/London",
    );
    // 01:30 does not exist that night in London; the window starts at 02:30 BST = 01:30 UTC.
    expect(occurrence?.startsAt.toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("knows an overnight window that began the day before", () => {
    const rule = weekly([5], "22:00", "06:00"); // Friday night
    expect(activeFreeze([rule], at("2026-12-05T03:00:00Z"), "UTC")?.endsAt.toISOString()).toBe(
      "2026-12-05T06:00:00.000Z",
    );
    expect(activeFreeze([rule], at("2026-12-05T06:00:00Z"), "UTC")).toBeNull();
    expect(activeFreeze([rule], at("2026-12-04T21:59:59Z"), "UTC")).toBeNull();
  });

  it("answers the one-off window in force, the one that ends last of several", () => {
    const oneOff = (id: string, startsAt: string, endsAt: string): FreezeRule => ({
      id,
      reason: id,
      startsAt: at(startsAt),
      endsAt: at(endsAt),
      weekly: null,
    });
    const rules = [
      oneOff("a", "2026-12-01T00:00:00Z", "2026-12-02T00:00:00Z"),
      oneOff("b", "2026-12-01T12:00:00Z", "2026-12-03T00:00:00Z"),
    ];
    expect(activeFreeze(rules, at("2026-12-01T13:00:00Z"), "UTC")?.id).toBe("b");
    expect(activeFreeze(rules, at("2026-12-01T06:00:00Z"), "UTC")?.id).toBe("a");
    expect(activeFreeze(rules, at("2026-12-03T00:00:00Z"), "UTC")).toBeNull();
  });

  it("tells the next window within 24 hours, and none further away", () => {
    const rule = weekly([1, 2], "18:00", "23:59"); // Monday, Tuesday
    const monday = at("2026-11-30T10:00:00Z");
    expect(nextFreeze([rule], monday, "UTC")?.startsAt.toISOString()).toBe("2026-11-30T18:00:00.000Z");
    expect(nextFreeze([rule], at("2026-11-28T10:00:00Z"), "UTC")).toBeNull(); // Saturday
    expect(currentOrNextOccurrence(rule, at("2026-11-30T19:00:00Z"), "UTC")).toEqual({
      startsAt: at("2026-11-30T18:00:00Z"),
      endsAt: at("2026-11-30T23:59:00Z"),
      active: true,
    });
  });
});

describe("reading a one-off window's times in the organization's time zone", () => {
  it("turns a wall-clock time into the instant of that zone, summer and winter", () => {
    expect(instantFromLocal("2026-07-01T18:00", "Europe/London")).toBe("2026-07-01T17:00:00.000Z");
    expect(instantFromLocal("2026-12-01T18:00", "Europe/London")).toBe("2026-12-01T18:00:00.000Z");
    expect(instantFromLocal("not a date", "UTC")).toBeNull();
    expect(describeDays([0, 1, 5])).toBe("Mon, Fri, Sun");
  });
});
