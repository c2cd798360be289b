import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { describe, expect, it } from "vitest";
import { nextRunNote, scheduleText } from "./format.ts";

const now = new Date("2026-11-25T12:00:00Z");

function workflow(overrides: Partial<Workflow>): Workflow {
  return {
    status: "active",
    schedule: { type: "daily", isEnabled: true, date: null, time: "02:30", dayOfWeek: null, dayOfMonth: null },
    nextExecution: "2026-11-26T02:30:00.000Z",
    ...overrides,
  } as Workflow;
}

describe("a workflow card's schedule and next run", () => {
  it("writes a one-time date as the card's other days, on the 24-hour clock", () => {
    const once = {
      type: "once",
      isEnabled: true,
      date: "2026-12-01",
      time: "14:05",
      dayOfWeek: null,
      dayOfMonth: null,
    };
    expect(scheduleText(once as Workflow["schedule"])).toBe("Once on Dec 1, 2026 at 14:05");
    expect(scheduleText(workflow({}).schedule)).toBe("Daily at 02:30");
  });

  it("says nothing while the next run is ahead", () => {
    expect(nextRunNote(workflow({}), now)).toBeNull();
  });

  it("says what happens to a next run already past", () => {
    const due = { nextExecution: "2026-11-25T02:30:00.000Z" };
    expect(nextRunNote(workflow(due), now)).toBe("Due, starts within a minute");
    expect(nextRunNote(workflow({ ...due, status: "in-progress" }), now)).toBe(
      "Due, waits until the run under way ends",
    );
  });

  it("says a one-time run whose moment has passed will not run", () => {
    const once = {
      type: "once",
      isEnabled: true,
      date: "2026-11-01",
      time: "09:00",
      dayOfWeek: null,
      dayOfMonth: null,
    };
    expect(nextRunNote(workflow({ schedule: once as Workflow["schedule"], nextExecution: null }), now)).toBe(
      "None: the one-time run's moment has passed",
    );
    expect(nextRunNote(workflow({ schedule: { ...once, isEnabled: false } as Workflow["schedule"] }), now)).toBeNull();
  });
});
