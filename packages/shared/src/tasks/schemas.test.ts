import { describe, expect, it } from "vitest";
import { commandPreview, parseTags } from "./format.ts";
import { TASK_MESSAGES } from "./messages.ts";
import { CreateTaskSchema, TaskListQuerySchema, UpdateTaskSchema } from "./schemas.ts";

function firstIssue(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  const issue = result.success ? undefined : result.error?.issues[0];
  return issue && { path: issue.path.join("."), message: issue.message };
}

describe("the task form's rules (spec 5)", () => {
  it("needs a name", () => {
    for (const name of [undefined, "", "   "]) {
      expect(firstIssue(CreateTaskSchema.safeParse({ name, commands: { linux: "ls" } }))).toEqual({
        path: "name",
        message: TASK_MESSAGES.nameRequired,
      });
    }
  });

  it("needs at least one non-blank platform command", () => {
    for (const commands of [undefined, {}, { windows: "  ", linux: "", mac: "\n" }]) {
      expect(firstIssue(CreateTaskSchema.safeParse({ name: "Backup", commands }))).toEqual({
        path: "commands",
        message: TASK_MESSAGES.commandRequired,
      });
    }
  });

  it("trims every text, drops blank tags and fills the defaults", () => {
    const parsed = CreateTaskSchema.parse({
      name: "  Backup  ",
      description: "  nightly ",
      commands: { linux: "  tar czf /tmp/b.tgz /srv  " },
      tags: [" ops ", "", "  ", "db", "OPS"],
    });
    expect(parsed).toEqual({
      name: "Backup",
      description: "nightly",
      category: "general",
      status: "active",
      commands: { windows: "", linux: "tar czf /tmp/b.tgz /srv", mac: "" },
      tags: ["ops", "db"],
    });
  });

  it("turns a blank assignee or project into none, and checks the due date", () => {
    const parsed = CreateTaskSchema.parse({ name: "x", commands: { mac: "ls" }, assigneeId: " ", projectId: "" });
    expect(parsed.assigneeId).toBeNull();
    expect(parsed.projectId).toBeNull();
    expect(firstIssue(CreateTaskSchema.safeParse({ name: "x", commands: { mac: "ls" }, dueDate: "tomorrow" }))).toEqual(
      {
        path: "dueDate",
        message: TASK_MESSAGES.dueDateInvalid,
      },
    );
    expect(
      CreateTaskSchema.parse({ name: "x", commands: { mac: "ls" }, dueDate: "2025-05-01T10:00:00+02:00" }).dueDate,
    ).toBe("2025-05-01T10:00:00+02:00");
  });

  it("updates only what is sent, with the same rules", () => {
    expect(UpdateTaskSchema.parse({ status: "inactive" })).toEqual({ status: "inactive" });
    expect(firstIssue(UpdateTaskSchema.safeParse({ name: " " }))?.message).toBe(TASK_MESSAGES.nameRequired);
    expect(firstIssue(UpdateTaskSchema.safeParse({ commands: { linux: " " } }))?.message).toBe(
      TASK_MESSAGES.commandRequired,
    );
  });
});

describe("list filters", () => {
  it("coerces the page size and keeps a blank search", () => {
    expect(TaskListQuerySchema.parse({ pageSize: "5", q: "  " })).toEqual({ pageSize: 5, q: "" });
    expect(TaskListQuerySchema.safeParse({ category: "cooking" }).success).toBe(false);
  });
});

describe("formatting", () => {
  it("cuts a command preview at 50 characters", () => {
    expect(commandPreview("a".repeat(50))).toBe("a".repeat(50));
    expect(commandPreview("b".repeat(51))).toBe(`${"b".repeat(50)}...`);
  });

  it("reads comma-separated tags", () => {
    expect(parseTags(" deploy, ,prod ,, deploy ,")).toEqual(["deploy", "prod"]);
    expect(parseTags("")).toEqual([]);
  });
});
