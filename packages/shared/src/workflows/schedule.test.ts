import { describe, expect, it } from "vitest";
import type { ScheduleType } from "./constants.ts";
import { nextExecution, normalizeSchedule } from "./schedule.ts";
import { describeSchedule, parseDate, type Schedule } from "./schedule-text.ts";

type Row = {
  name: string;
  timezone: string;
  /** An instant (ISO with Z). */
  now: string;
  schedule: Partial<Schedule> & { type: ScheduleType };
  /** The expected instant (ISO with Z), or null for none. */
  next: string | null;
};

const enabled = (schedule: Row["schedule"]): Schedule => ({ isEnabled: true, ...schedule });

// Weekdays used below: 2026-03-04 Wednesday, 2026-03-08 Sunday, 2026-10-25 Sunday,
// 2026-10-26 Monday, 2026-11-01 Sunday, 2026-01-31 Saturday.
const rows: Row[] = [
  // None at all
  { name: "manual", timezone: "UTC", now: "2026-03-04T10:00:00Z", schedule: { type: "manual" }, next: null },
  {
    name: "disabled daily",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "daily", time: "09:00", isEnabled: false },
    next: null,
  },
  {
    name: "daily without a time",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "daily", time: null },
    next: null,
  },
  {
    name: "unknown timezone",
    timezone: "Mars/Olympus",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "daily", time: "09:00" },
    next: null,
  },

  // Once
  {
    name: "once in the future",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "once", date: "2026-03-05", time: "08:15" },
    next: "2026-03-05T08:15:00.000Z",
  },
  {
    name: "once later today",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "once", date: "2026-03-04", time: "10:01" },
    next: "2026-03-04T10:01:00.000Z",
  },
  {
    name: "once in the past",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "once", date: "2026-03-04", time: "09:59" },
    next: null,
  },
  {
    name: "once exactly now (it has fired)",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "once", date: "2026-03-04", time: "10:00" },
    next: null,
  },
  {
    name: "once without a date",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "once", time: "10:00" },
    next: null,
  },
  {
    name: "once on a day that does not exist",
    timezone: "UTC",
    now: "2026-01-04T10:00:00Z",
    schedule: { type: "once", date: "2026-02-30", time: "10:00" },
    next: null,
  },
  {
    name: "once read on New York's clock (summer)",
    timezone: "America/New_York",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "once", date: "2026-07-04", time: "12:00" },
    next: "2026-07-04T16:00:00.000Z",
  },
  {
    name: "once read on Tokyo's clock: already past there",
    timezone: "Asia/Tokyo",
    now: "2026-03-04T10:00:00Z", // 19:00 in Tokyo
    schedule: { type: "once", date: "2026-03-04", time: "18:00" },
    next: null,
  },

  // Daily
  {
    name: "daily, today's time still to come",
    timezone: "UTC",
    now: "2026-03-04T08:00:00Z",
    schedule: { type: "daily", time: "09:00" },
    next: "2026-03-04T09:00:00.000Z",
  },
  {
    name: "daily, today's time passed: rolls to tomorrow",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "daily", time: "09:00" },
    next: "2026-03-05T09:00:00.000Z",
  },
  {
    name: "daily, exactly at the time: the next one is tomorrow",
    timezone: "UTC",
    now: "2026-03-04T09:00:00Z",
    schedule: { type: "daily", time: "09:00" },
    next: "2026-03-05T09:00:00.000Z",
  },
  {
    name: "daily, rolls over a month end",
    timezone: "UTC",
    now: "2026-01-31T23:00:00Z",
    schedule: { type: "daily", time: "22:00" },
    next: "2026-02-01T22:00:00.000Z",
  },
  {
    name: "daily, rolls over a year end at midnight",
    timezone: "UTC",
    now: "2026-12-31T23:59:00Z",
    schedule: { type: "daily", time: "00:00" },
    next: "2027-01-01T00:00:00.000Z",
  },
  {
    name: "daily in Tokyo: the local day has already turned",
    timezone: "Asia/Tokyo",
    now: "2026-01-01T01:00:00Z", // 10:00 on Jan 1 in Tokyo
    schedule: { type: "daily", time: "09:00" },
    next: "2026-01-02T00:00:00.000Z",
  },
  {
    name: "daily in New York: the local day has not turned yet",
    timezone: "America/New_York",
    now: "2026-01-02T03:00:00Z", // 22:00 on Jan 1 in New York
    schedule: { type: "daily", time: "23:30" },
    next: "2026-01-02T04:30:00.000Z",
  },

  // Weekly
  {
    name: "weekly, later this week",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z", // Wednesday
    schedule: { type: "weekly", dayOfWeek: "5", time: "09:00" },
    next: "2026-03-06T09:00:00.000Z",
  },
  {
    name: "weekly, on Sunday (0)",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "weekly", dayOfWeek: "0", time: "09:00" },
    next: "2026-03-08T09:00:00.000Z",
  },
  {
    name: "weekly, today and still to come",
    timezone: "UTC",
    now: "2026-03-04T08:00:00Z",
    schedule: { type: "weekly", dayOfWeek: "3", time: "09:00" },
    next: "2026-03-04T09:00:00.000Z",
  },
  {
    name: "weekly, today but passed: rolls a week",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "weekly", dayOfWeek: "3", time: "09:00" },
    next: "2026-03-11T09:00:00.000Z",
  },
  {
    name: "weekly, earlier in the week: next week",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "weekly", dayOfWeek: "1", time: "09:00" },
    next: "2026-03-09T09:00:00.000Z",
  },
  {
    name: "weekly, over a month end",
    timezone: "UTC",
    now: "2026-01-31T12:00:00Z", // Saturday
    schedule: { type: "weekly", dayOfWeek: "2", time: "07:45" },
    next: "2026-02-03T07:45:00.000Z",
  },
  {
    name: "weekly without a day",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "weekly", time: "09:00" },
    next: null,
  },

  // Monthly
  {
    name: "monthly, later this month",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "monthly", dayOfMonth: "15", time: "12:00" },
    next: "2026-03-15T12:00:00.000Z",
  },
  {
    name: "monthly, passed this month: next month",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "monthly", dayOfMonth: "1", time: "12:00" },
    next: "2026-04-01T12:00:00.000Z",
  },
  {
    name: "monthly on the 28th from January's last day: February has it",
    timezone: "UTC",
    now: "2026-01-31T10:00:00Z",
    schedule: { type: "monthly", dayOfMonth: "28", time: "09:00" },
    next: "2026-02-28T09:00:00.000Z",
  },
  {
    name: "monthly on the 28th, February's passed: March",
    timezone: "UTC",
    now: "2026-02-28T12:00:00Z",
    schedule: { type: "monthly", dayOfMonth: "28", time: "09:00" },
    next: "2026-03-28T09:00:00.000Z",
  },
  {
    name: "monthly over a year end",
    timezone: "UTC",
    now: "2026-12-20T10:00:00Z",
    schedule: { type: "monthly", dayOfMonth: "5", time: "06:00" },
    next: "2027-01-05T06:00:00.000Z",
  },
  {
    name: "monthly in a leap year",
    timezone: "UTC",
    now: "2028-02-27T10:00:00Z",
    schedule: { type: "monthly", dayOfMonth: "28", time: "06:00" },
    next: "2028-02-28T06:00:00.000Z",
  },
  {
    name: "monthly with day 29 (not offered)",
    timezone: "UTC",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "monthly", dayOfMonth: "29", time: "06:00" },
    next: null,
  },

  // Daylight saving in America/New_York (2026: forward Mar 8 02:00, back Nov 1 02:00)
  {
    name: "New York: daily 09:00 over spring forward keeps 09:00 local",
    timezone: "America/New_York",
    now: "2026-03-07T15:00:00Z", // Sat 10:00 EST
    schedule: { type: "daily", time: "09:00" },
    next: "2026-03-08T13:00:00.000Z", // Sun 09:00 EDT
  },
  {
    name: "New York: 02:30 does not exist on spring-forward day, runs at 03:30 EDT",
    timezone: "America/New_York",
    now: "2026-03-07T12:00:00Z",
    schedule: { type: "daily", time: "02:30" },
    next: "2026-03-08T07:30:00.000Z",
  },
  {
    name: "New York: the day after spring forward, 02:30 exists again",
    timezone: "America/New_York",
    now: "2026-03-08T12:00:00Z",
    schedule: { type: "daily", time: "02:30" },
    next: "2026-03-09T06:30:00.000Z",
  },
  {
    name: "New York: 01:30 happens twice on fall-back day, the first (EDT) counts",
    timezone: "America/New_York",
    now: "2026-10-31T12:00:00Z",
    schedule: { type: "daily", time: "01:30" },
    next: "2026-11-01T05:30:00.000Z",
  },
  {
    name: "New York: between the two 01:30s, the next is the following day",
    timezone: "America/New_York",
    now: "2026-11-01T05:45:00Z", // 01:45 EDT, before the clocks go back
    schedule: { type: "daily", time: "01:30" },
    next: "2026-11-02T06:30:00.000Z",
  },
  {
    name: "New York: weekly Sunday 09:00 over fall back keeps 09:00 local",
    timezone: "America/New_York",
    now: "2026-10-25T14:00:00Z", // Sun 10:00 EDT
    schedule: { type: "weekly", dayOfWeek: "0", time: "09:00" },
    next: "2026-11-01T14:00:00.000Z", // Sun 09:00 EST
  },
  {
    name: "New York: monthly from winter into summer time",
    timezone: "America/New_York",
    now: "2026-03-01T15:00:00Z", // Mar 1 10:00 EST
    schedule: { type: "monthly", dayOfMonth: "1", time: "09:00" },
    next: "2026-04-01T13:00:00.000Z", // Apr 1 09:00 EDT
  },

  // Daylight saving in Europe/London (2026: forward Mar 29 01:00, back Oct 25 02:00)
  {
    name: "London: daily 09:00 over spring forward keeps 09:00 local",
    timezone: "Europe/London",
    now: "2026-03-28T10:00:00Z",
    schedule: { type: "daily", time: "09:00" },
    next: "2026-03-29T08:00:00.000Z", // 09:00 BST
  },
  {
    name: "London: 01:30 does not exist on spring-forward day, runs at 02:30 BST",
    timezone: "Europe/London",
    now: "2026-03-28T12:00:00Z",
    schedule: { type: "daily", time: "01:30" },
    next: "2026-03-29T01:30:00.000Z",
  },
  {
    name: "London: 01:30 happens twice on fall-back day, the first (BST) counts",
    timezone: "Europe/London",
    now: "2026-10-24T12:00:00Z",
    schedule: { type: "daily", time: "01:30" },
    next: "2026-10-25T00:30:00.000Z",
  },
  {
    name: "London: weekly Monday 08:00 just after fall back is on GMT",
    timezone: "Europe/London",
    now: "2026-10-25T12:00:00Z", // Sunday
    schedule: { type: "weekly", dayOfWeek: "1", time: "08:00" },
    next: "2026-10-26T08:00:00.000Z",
  },
  {
    name: "London: once in summer is an hour ahead of UTC",
    timezone: "Europe/London",
    now: "2026-03-04T10:00:00Z",
    schedule: { type: "once", date: "2026-06-01", time: "09:00" },
    next: "2026-06-01T08:00:00.000Z",
  },

  // Any IANA zone (decision 057). Kolkata is UTC+05:30 all year, with no daylight saving.
  {
    name: "Kolkata: daily 09:00 is 03:30 UTC",
    timezone: "Asia/Kolkata",
    now: "2026-11-28T00:00:00Z", // 05:30 IST
    schedule: { type: "daily", time: "09:00" },
    next: "2026-11-28T03:30:00.000Z",
  },
  {
    name: "Kolkata: weekly Monday 08:00 is Monday 02:30 UTC",
    timezone: "Asia/Kolkata",
    now: "2026-11-28T00:00:00Z", // Saturday
    schedule: { type: "weekly", dayOfWeek: "1", time: "08:00" },
    next: "2026-11-30T02:30:00.000Z",
  },
  {
    name: "Kolkata: once at midnight is the evening before in UTC",
    timezone: "Asia/Kolkata",
    now: "2026-11-28T00:00:00Z",
    schedule: { type: "once", date: "2026-12-01", time: "00:00" },
    next: "2026-11-30T18:30:00.000Z",
  },

  // Daylight saving in Australia/Sydney (2026: back Apr 5 03:00 AEDT, forward Oct 4 02:00 AEST)
  {
    name: "Sydney: daily 09:00 over spring forward keeps 09:00 local (AEDT)",
    timezone: "Australia/Sydney",
    now: "2026-10-03T00:00:00Z", // Oct 3 10:00 AEST
    schedule: { type: "daily", time: "09:00" },
    next: "2026-10-03T22:00:00.000Z", // Oct 4 09:00 AEDT
  },
  {
    name: "Sydney: 02:30 does not exist on spring-forward day, runs at 03:30 AEDT",
    timezone: "Australia/Sydney",
    now: "2026-10-03T00:00:00Z",
    schedule: { type: "daily", time: "02:30" },
    next: "2026-10-03T16:30:00.000Z",
  },
  {
    name: "Sydney: 02:30 happens twice on fall-back day, the first (AEDT) counts",
    timezone: "Australia/Sydney",
    now: "2026-04-04T00:00:00Z", // Apr 4 11:00 AEDT
    schedule: { type: "daily", time: "02:30" },
    next: "2026-04-04T15:30:00.000Z",
  },
  {
    name: "Sydney: weekly Monday 09:00 just after fall back is on AEST",
    timezone: "Australia/Sydney",
    now: "2026-04-05T00:00:00Z", // Sunday 10:00 AEST
    schedule: { type: "weekly", dayOfWeek: "1", time: "09:00" },
    next: "2026-04-05T23:00:00.000Z",
  },
];

describe("nextExecution (spec 9: next execution from the schedule, in the organization's timezone)", () => {
  it.each(rows)("$name", ({ timezone, now, schedule, next }) => {
    const result = nextExecution(enabled(schedule), { now: new Date(now), timezone });
    expect(result?.toISOString() ?? null).toBe(next);
  });

  it("always lands strictly after now, for every hour of a year in New York", () => {
    const schedules: Schedule[] = [
      enabled({ type: "daily", time: "02:30" }),
      enabled({ type: "weekly", dayOfWeek: "0", time: "01:30" }),
      enabled({ type: "monthly", dayOfMonth: "8", time: "02:00" }),
    ];
    for (let hour = 0; hour < 366 * 24; hour += 5) {
      const now = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000);
      for (const schedule of schedules) {
        const next = nextExecution(schedule, { now, timezone: "America/New_York" });
        expect(next).not.toBeNull();
        expect(next!.getTime()).toBeGreaterThan(now.getTime());
        // ...and no later than one period (plus an hour of daylight saving) away.
        const period = schedule.type === "daily" ? 1 : schedule.type === "weekly" ? 7 : 31;
        expect(next!.getTime() - now.getTime()).toBeLessThanOrEqual((period * 24 + 1) * 3_600_000);
      }
    }
  });

  it.each([
    [
      "autumn",
      "2026-10-23T00:00:00Z",
      [
        "2026-10-23T00:30:00.000Z", // 01:30 BST
        "2026-10-24T00:30:00.000Z",
        "2026-10-25T00:30:00.000Z", // the first 01:30 of the day the clocks go back
        "2026-10-26T01:30:00.000Z", // 01:30 GMT
        "2026-10-27T01:30:00.000Z",
      ],
    ],
    [
      "spring",
      "2026-03-27T00:00:00Z",
      [
        "2026-03-27T01:30:00.000Z", // 01:30 GMT
        "2026-03-28T01:30:00.000Z",
        "2026-03-29T01:30:00.000Z", // 01:30 does not exist: 02:30 BST
        "2026-03-30T00:30:00.000Z", // 01:30 BST
        "2026-03-31T00:30:00.000Z",
      ],
    ],
  ])("firing at each next execution in London's %s gives one run a day", (_, start, expected) => {
    const schedule = enabled({ type: "daily", time: "01:30" });
    let now = new Date(start);
    const fired: string[] = [];
    for (let i = 0; i < expected.length; i++) {
      const next = nextExecution(schedule, { now, timezone: "Europe/London" })!;
      fired.push(next.toISOString());
      now = next; // the scheduler advances from the moment it fires
    }
    expect(fired).toEqual(expected);
  });
});

describe("normalizeSchedule (spec 5: a disabled schedule is saved as manual and not enabled)", () => {
  it.each([
    [{ type: "daily", isEnabled: false, time: "09:00" }],
    [{ type: "manual", isEnabled: true, time: "09:00" }],
  ] as [Schedule][])("%o becomes manual", (schedule) => {
    expect(normalizeSchedule(schedule)).toEqual({
      type: "manual",
      isEnabled: false,
      date: null,
      time: null,
      dayOfWeek: null,
      dayOfMonth: null,
    });
  });

  it("keeps only what the type uses", () => {
    const all = { date: "2026-01-01", time: "09:00", dayOfWeek: "1", dayOfMonth: "5", isEnabled: true };
    expect(normalizeSchedule({ ...all, type: "once" })).toMatchObject({ date: "2026-01-01", dayOfWeek: null });
    expect(normalizeSchedule({ ...all, type: "daily" })).toMatchObject({ date: null, time: "09:00", dayOfMonth: null });
    expect(normalizeSchedule({ ...all, type: "weekly" })).toMatchObject({ dayOfWeek: "1", dayOfMonth: null });
    expect(normalizeSchedule({ ...all, type: "monthly" })).toMatchObject({ dayOfWeek: null, dayOfMonth: "5" });
  });
});

describe("describeSchedule", () => {
  it.each([
    [{ type: "manual", isEnabled: false }, "Manual"],
    [{ type: "once", isEnabled: true, date: "2026-03-01", time: "09:00" }, "Once on 2026-03-01 at 09:00"],
    [{ type: "daily", isEnabled: true, time: "06:30" }, "Daily at 06:30"],
    [{ type: "weekly", isEnabled: true, time: "09:00", dayOfWeek: "1" }, "Every Monday at 09:00"],
    [{ type: "monthly", isEnabled: true, time: "12:00", dayOfMonth: "5" }, "Monthly on day 5 at 12:00"],
    [{ type: "cron", isEnabled: true, expression: "30 2 * * 1" }, "Cron 30 2 * * 1"],
  ] as [Schedule, string][])("%o", (schedule, text) => {
    expect(describeSchedule(schedule)).toBe(text);
  });
});

describe("parseDate", () => {
  it.each([
    ["2026-03-01", { year: 2026, month: 3, day: 1 }],
    ["2028-02-29", { year: 2028, month: 2, day: 29 }],
    ["2026-02-29", null],
    ["2026-04-31", null],
    ["2026-13-01", null],
    ["2026-3-1", null],
  ])("%s", (value, date) => {
    expect(parseDate(value)).toEqual(date);
  });
});

describe("a daily schedule in Sydney across its daylight-saving change (decision 057)", () => {
  it("fires at 09:00 local each day: 23 hours apart when the clocks go forward, 25 when they go back", () => {
    const fire = (start: string, count: number) => {
      const schedule = enabled({ type: "daily", time: "09:00" });
      let now = new Date(start);
      const fired: string[] = [];
      for (let i = 0; i < count; i++) {
        now = nextExecution(schedule, { now, timezone: "Australia/Sydney" })!;
        fired.push(now.toISOString());
      }
      return fired;
    };
    expect(fire("2026-10-02T00:00:00Z", 3)).toEqual([
      "2026-10-02T23:00:00.000Z", // Oct 3 09:00 AEST
      "2026-10-03T22:00:00.000Z", // Oct 4 09:00 AEDT
      "2026-10-04T22:00:00.000Z",
    ]);
    expect(fire("2026-04-03T00:00:00Z", 3)).toEqual([
      "2026-04-03T22:00:00.000Z", // Apr 4 09:00 AEDT
      "2026-04-04T23:00:00.000Z", // Apr 5 09:00 AEST
      "2026-04-05T23:00:00.000Z",
    ]);
  });
});
