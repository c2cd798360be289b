import { CreateTaskSchema, type Task } from "@flowdeck/shared/tasks/schemas";
import { describe, expect, it } from "vitest";
import { endOfLocalDay, localDate } from "@/lib/local-day.ts";
import { emptyTaskForm, formToInput, taskToForm } from "./task-form-values.ts";

describe("the task form's values", () => {
  it("become an API body the shared schema accepts, with tags split and blanks as none", () => {
    const input = formToInput({
      ...emptyTaskForm(),
      name: " Backup ",
      linux: " tar czf b.tgz /srv ",
      tags: " db, ,nightly,, db ",
      dueDate: "2030-03-10",
    });
    expect(input).toMatchObject({ tags: ["db", "nightly"], assigneeId: null, priority: null });
    const parsed = CreateTaskSchema.parse(input);
    expect(parsed).toMatchObject({ name: "Backup", commands: { windows: "", linux: "tar czf b.tgz /srv", mac: "" } });
    expect(localDate(new Date(parsed.dueDate!))).toBe("2030-03-10");
  });

  it("read back what a task holds", () => {
    const due = endOfLocalDay("2030-12-31")!;
    const task = {
      id: "t1",
      name: "Deploy",
      description: "",
      category: "deployment",
      status: "inactive",
      commands: { windows: "deploy.ps1", linux: "", mac: "" },
      tags: ["a", "b"],
      assigneeId: "u1",
      priority: "urgent",
      dueDate: due,
    } as Task;
    expect(taskToForm(task)).toMatchObject({
      windows: "deploy.ps1",
      tags: "a, b",
      dueDate: "2030-12-31",
      priority: "urgent",
    });
  });

  it("ignores a date that is not one", () => {
    expect(endOfLocalDay("31/12/2030")).toBeNull();
  });
});
