import { describe, expect, it } from "vitest";
import { CRON_MESSAGES, cronExpressionError, describeCron, nextCronRuns } from "./cron.ts";
import { nextExecution } from "./schedule.ts";
import { ScheduleInputSchema } from "./schemas.ts";

const runs = (expression: string, timezone: string, now: string, count = 5) =>
  nextCronRuns(expression, { now: new Date(now), timezone, count }).map((date) => date.toISOString());

// 2026 changes: New York springs forward on Sun 8 March at 02:00 EST (07:00Z) and falls back on
// Sun 1 November at 02:00 EDT (06:00Z); London springs forward on Sun 29 March at 01:00 GMT and
// falls back on Sun 25 October at 02:00 BST (01:00Z).
describe("next cron runs across daylight-saving changes", () => {
  it("New York, spring: 02:30 does not exist that night and moves on by the gap to 03:30 EDT", () => {
    expect(runs("30 2 * * *", "America/New_York", "2026-03-07T12:00:00Z", 3)).toEqual([
      "2026-03-08T07:30:00.000Z", // 03:30 EDT
      "2026-03-09T06:30:00.000Z", // 02:30 EDT
      "2026-03-10T06:30:00.000Z",
    ]);
    // Asked just after the clocks changed, the moved run is still ahead.
    expect(runs("30 2 * * *", "America/New_York", "2026-03-08T07:10:00Z", 1)).toEqual(["2026-03-08T07:30:00.000Z"]);
    // Asked as it fires, the next is the next day's.
    expect(runs("30 2 * * *", "America/New_York", "2026-03-08T07:30:00Z", 1)).toEqual(["2026-03-09T06:30:00.000Z"]);
  });

  it("New York, spring: an hourly expression has no run in the hour that does not exist", () => {
    expect(runs("0 * * * *", "America/New_York", "2026-03-08T05:30:00Z", 3)).toEqual([
      "2026-03-08T06:00:00.000Z", // 01:00 EST
      "2026-03-08T07:00:00.000Z", // 03:00 EDT
      "2026-03-08T08:00:00.000Z", // 04:00 EDT
    ]);
  });

  it("New York, autumn: 01:30 happens twice and runs once, at the first", () => {
    expect(runs("30 1 * * *", "America/New_York", "2026-10-31T12:00:00Z", 3)).toEqual([
      "2026-11-01T05:30:00.000Z", // 01:30 EDT
      "2026-11-02T06:30:00.000Z", // 01:30 EST, the next day
      "2026-11-03T06:30:00.000Z",
    ]);
    // Once it has fired, the second 01:30 of that night is not another run.
    expect(runs("30 1 * * *", "America/New_York", "2026-11-01T05:30:00Z", 1)).toEqual(["2026-11-02T06:30:00.000Z"]);
  });

  it("New York, autumn: every 30 minutes keeps running through both hours", () => {
    expect(runs("*/30 * * * *", "America/New_York", "2026-11-01T04:50:00Z", 5)).toEqual([
      "2026-11-01T05:00:00.000Z", // 01:00 EDT
      "2026-11-01T05:30:00.000Z", // 01:30 EDT
      "2026-11-01T06:00:00.000Z", // 01:00 EST
      "2026-11-01T06:30:00.000Z", // 01:30 EST
      "2026-11-01T07:00:00.000Z", // 02:00 EST
    ]);
  });

  it("London, spring: 01:30 does not exist that night and moves on to 02:30 BST", () => {
    expect(runs("30 1 * * *", "Europe/London", "2026-03-28T12:00:00Z", 2)).toEqual([
      "2026-03-29T01:30:00.000Z", // 02:30 BST
      "2026-03-30T00:30:00.000Z", // 01:30 BST
    ]);
  });

  it("London, autumn: 01:30 happens twice and runs once, at the first (BST)", () => {
    expect(runs("30 1 * * 0", "Europe/London", "2026-10-24T12:00:00Z", 2)).toEqual([
      "2026-10-25T00:30:00.000Z", // Sunday 01:30 BST
      "2026-11-01T01:30:00.000Z", // next Sunday 01:30 GMT
    ]);
  });

  it("Sydney, spring: 02:30 does not exist that night and moves on by the gap to 03:30 AEDT", () => {
    expect(runs("30 2 * * *", "Australia/Sydney", "2026-10-03T00:00:00Z", 3)).toEqual([
      "2026-10-03T16:30:00.000Z", // Oct 4 03:30 AEDT
      "2026-10-04T15:30:00.000Z", // Oct 5 02:30 AEDT
      "2026-10-05T15:30:00.000Z",
    ]);
  });

  it("Kolkata: a weekday expression runs at 09:00 IST, 03:30 UTC", () => {
    expect(runs("0 9 * * 1-5", "Asia/Kolkata", "2026-11-27T12:00:00Z", 2)).toEqual([
      "2026-11-30T03:30:00.000Z", // Monday
      "2026-12-01T03:30:00.000Z",
    ]);
  });

  it("is what the scheduler's next execution uses", () => {
    const schedule = { type: "cron" as const, isEnabled: true, expression: "30 2 * * *" };
    expect(
      nextExecution(schedule, { now: new Date("2026-03-07T12:00:00Z"), timezone: "America/New_York" })?.toISOString(),
    ).toBe("2026-03-08T07:30:00.000Z");
    expect(nextExecution(schedule, { now: new Date("2026-03-07T12:00:00Z"), timezone: "Mars/Olympus" })).toBeNull();
  });
});

describe("cron expressions Flowdeck accepts", () => {
  it("accepts five fields with lists, ranges, steps and names", () => {
    for (const expression of ["30 2 * * 1", "*/15 9-17 * * MON-FRI", "0 0 1,15 * *", "0 0 L * *", "0 9 * JAN THU"]) {
      expect(cronExpressionError(expression)).toBeNull();
    }
  });

  it("names the field that is wrong and what it accepts", () => {
    expect(cronExpressionError("61 2 * * *")).toBe(
      'Minute "61" is not valid: use 0–59, a list (1,15), a range (1-5) or a step (*/15)',
    );
    expect(cronExpressionError("0 24 * * *")).toMatch(/^Hour "24" is not valid: use 0–23/);
    expect(cronExpressionError("0 0 * 13 *")).toMatch(/^Month "13" is not valid/);
    expect(cronExpressionError("0 0 * * funday")).toMatch(/^Day of week "funday" is not valid/);
    expect(cronExpressionError("0 0 0 * *")).toMatch(/^Day of month "0" is not valid/);
  });

  it("refuses other shapes with a message that says what a cron expression is", () => {
    expect(cronExpressionError("")).toBe(CRON_MESSAGES.required);
    expect(cronExpressionError("* * * *")).toBe(CRON_MESSAGES.fieldCount);
    expect(cronExpressionError("0 * * * * *")).toBe(CRON_MESSAGES.fieldCount);
    expect(cronExpressionError("@daily")).toBe(CRON_MESSAGES.fieldCount);
    expect(cronExpressionError("H 2 * * *")).toBe(CRON_MESSAGES.hashed);
    expect(cronExpressionError("0 0 30 2 *")).toBe(CRON_MESSAGES.never);
  });

  it("the schedule schema carries the message on the expression and stores it tidied", () => {
    const invalid = ScheduleInputSchema.safeParse({ type: "cron", isEnabled: true, expression: "99 * * * *" });
    expect(invalid.success).toBe(false);
    expect(invalid.error?.issues[0]).toMatchObject({ path: ["expression"], message: expect.stringMatching(/^Minute/) });
    const valid = ScheduleInputSchema.parse({
      type: "cron",
      isEnabled: true,
      expression: " 30  2 * * 1 ",
      time: "09:00",
    });
    expect(valid).toEqual({
      type: "cron",
      isEnabled: true,
      date: null,
      time: null,
      dayOfWeek: null,
      dayOfMonth: null,
      expression: "30 2 * * 1",
    });
  });

  it("says it in words", () => {
    expect(describeCron("30 2 * * 1")).toBe("At 02:30, only on Monday");
    expect(describeCron("*/15 9-17 * * 1-5")).toBe("Every 15 minutes, between 09:00 and 17:59, Monday through Friday");
  });
});
