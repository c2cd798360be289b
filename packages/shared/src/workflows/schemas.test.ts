import { describe, expect, it } from "vitest";
import { WORKFLOW_MESSAGES } from "./messages.ts";
import {
  CreateWorkflowSchema,
  ReorderStepsSchema,
  ScheduleInputSchema,
  UpdateWorkflowSchema,
  WorkflowListQuerySchema,
} from "./schemas.ts";

function firstIssue(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  const issue = result.success ? undefined : result.error?.issues[0];
  return issue && { path: issue.path.join("."), message: issue.message };
}

const valid = { name: "Nightly deploy", taskIds: ["t1", "t2"] };

describe("the workflow form's rules (spec 5)", () => {
  it.each([undefined, "", "   "])("needs a name (%o)", (name) => {
    expect(firstIssue(CreateWorkflowSchema.safeParse({ ...valid, name }))).toEqual({
      path: "name",
      message: WORKFLOW_MESSAGES.nameRequired,
    });
  });

  it.each([undefined, [], "t1"])("needs at least one command (%o)", (taskIds) => {
    expect(firstIssue(CreateWorkflowSchema.safeParse({ ...valid, taskIds }))).toEqual({
      path: "taskIds",
      message: WORKFLOW_MESSAGES.tasksRequired,
    });
  });

  it("fills the defaults: active, manual and not enabled, trimmed texts", () => {
    expect(CreateWorkflowSchema.parse({ ...valid, name: "  Deploy ", description: " x " })).toEqual({
      name: "Deploy",
      description: "x",
      status: "active",
      taskIds: ["t1", "t2"],
      schedule: { type: "manual", isEnabled: false, date: null, time: null, dayOfWeek: null, dayOfMonth: null },
      parameters: [],
      scheduleParameters: {},
    });
  });

  it("offers draft and active only", () => {
    expect(CreateWorkflowSchema.parse({ ...valid, status: "draft" }).status).toBe("draft");
    expect(CreateWorkflowSchema.safeParse({ ...valid, status: "completed" }).success).toBe(false);
  });

  it("takes a due date as a timestamp", () => {
    expect(CreateWorkflowSchema.parse({ ...valid, dueDate: "2030-01-31T23:59:59+01:00" }).dueDate).toBe(
      "2030-01-31T23:59:59+01:00",
    );
    expect(firstIssue(CreateWorkflowSchema.safeParse({ ...valid, dueDate: "soon" }))?.message).toBe(
      WORKFLOW_MESSAGES.dueDateInvalid,
    );
  });

  it("updates only what is sent, with the same rules", () => {
    expect(UpdateWorkflowSchema.parse({ name: " New " })).toEqual({ name: "New" });
    expect(firstIssue(UpdateWorkflowSchema.safeParse({ taskIds: [] }))?.message).toBe(WORKFLOW_MESSAGES.tasksRequired);
  });
});

describe("the schedule (spec 5)", () => {
  it.each([
    [{ type: "once", isEnabled: true }, "date", WORKFLOW_MESSAGES.onceNeedsDateAndTime],
    [{ type: "once", isEnabled: true, date: "2026-03-01" }, "time", WORKFLOW_MESSAGES.onceNeedsDateAndTime],
    [{ type: "once", isEnabled: true, time: "09:00" }, "date", WORKFLOW_MESSAGES.onceNeedsDateAndTime],
    [{ type: "daily", isEnabled: true }, "time", WORKFLOW_MESSAGES.recurringNeedsTime],
    [{ type: "weekly", isEnabled: true, time: " ", dayOfWeek: "1" }, "time", WORKFLOW_MESSAGES.recurringNeedsTime],
    [{ type: "monthly", isEnabled: true, dayOfMonth: "3" }, "time", WORKFLOW_MESSAGES.recurringNeedsTime],
    [{ type: "daily", isEnabled: true, time: "25:00" }, "time", WORKFLOW_MESSAGES.timeInvalid],
    [{ type: "once", isEnabled: true, date: "2026-02-30", time: "09:00" }, "date", WORKFLOW_MESSAGES.dateInvalid],
    [
      { type: "weekly", isEnabled: true, time: "09:00", dayOfWeek: "7" },
      "dayOfWeek",
      WORKFLOW_MESSAGES.dayOfWeekRequired,
    ],
    [{ type: "weekly", isEnabled: true, time: "09:00" }, "dayOfWeek", WORKFLOW_MESSAGES.dayOfWeekRequired],
    [
      { type: "monthly", isEnabled: true, time: "09:00", dayOfMonth: "29" },
      "dayOfMonth",
      WORKFLOW_MESSAGES.dayOfMonthRequired,
    ],
    [
      { type: "monthly", isEnabled: true, time: "09:00", dayOfMonth: "0" },
      "dayOfMonth",
      WORKFLOW_MESSAGES.dayOfMonthRequired,
    ],
  ])("refuses %o", (schedule, path, message) => {
    expect(firstIssue(ScheduleInputSchema.safeParse(schedule))).toEqual({ path, message });
  });

  it("saves a disabled schedule as manual and not enabled, whatever it held", () => {
    expect(ScheduleInputSchema.parse({ type: "once", isEnabled: false })).toEqual({
      type: "manual",
      isEnabled: false,
      date: null,
      time: null,
      dayOfWeek: null,
      dayOfMonth: null,
    });
  });

  it("keeps only the fields the type uses", () => {
    expect(
      ScheduleInputSchema.parse({ type: "weekly", isEnabled: true, time: "09:00", dayOfWeek: "0", date: "2026-01-01" }),
    ).toEqual({ type: "weekly", isEnabled: true, date: null, time: "09:00", dayOfWeek: "0", dayOfMonth: null });
  });
});

describe("reorder and list", () => {
  it.each([undefined, "a,b", { 0: "a" }, [1, 2]])("a reorder needs an array of ids (%o)", (stepIds) => {
    expect(firstIssue(ReorderStepsSchema.safeParse({ stepIds }))?.message).toBe(WORKFLOW_MESSAGES.reorderNeedsArray);
  });

  it("filters by status and creator", () => {
    expect(WorkflowListQuerySchema.parse({ status: "in-progress", createdBy: "u1", cursor: "abc" })).toEqual({
      status: "in-progress",
      createdBy: "u1",
      cursor: "abc",
      pageSize: 20,
    });
    expect(WorkflowListQuerySchema.safeParse({ status: "paused" }).success).toBe(false);
  });
});
