import {
  TASK_PLATFORMS,
  type TaskCategory,
  type TaskPlatform,
  type TaskPriority,
  type TaskStatus,
} from "@flowdeck/shared/tasks/constants";
import { formatTags, parseTags } from "@flowdeck/shared/tasks/format";
import { CreateTaskSchema, type CreateTaskInput, type Task } from "@flowdeck/shared/tasks/schemas";
import { z } from "zod";
import { endOfLocalDay, localDate } from "@/lib/local-day.ts";

/** What the task form's fields hold: text as typed, before the shared schema trims and checks it. */
export type TaskFormValues = {
  name: string;
  description: string;
  category: TaskCategory;
  status: TaskStatus;
  windows: string;
  linux: string;
  mac: string;
  tags: string;
  assigneeId: string;
  priority: TaskPriority | "";
  /** yyyy-mm-dd from the date input, or empty. */
  dueDate: string;
};

export function emptyTaskForm(): TaskFormValues {
  return {
    name: "",
    description: "",
    category: "general",
    status: "active",
    windows: "",
    linux: "",
    mac: "",
    tags: "",
    assigneeId: "",
    priority: "",
    dueDate: "",
  };
}

export function taskToForm(task: Task): TaskFormValues {
  return {
    name: task.name,
    description: task.description,
    category: task.category,
    status: task.status,
    windows: task.commands.windows,
    linux: task.commands.linux,
    mac: task.commands.mac,
    tags: formatTags(task.tags),
    assigneeId: task.assigneeId ?? "",
    priority: task.priority ?? "",
    dueDate: task.dueDate ? localDate(new Date(task.dueDate)) : "",
  };
}

/** The API body for the form's values: tags split on commas, blanks as none. */
export function formToInput(values: TaskFormValues): CreateTaskInput {
  return {
    name: values.name,
    description: values.description,
    category: values.category,
    status: values.status,
    commands: { windows: values.windows, linux: values.linux, mac: values.mac },
    tags: parseTags(values.tags),
    assigneeId: values.assigneeId || null,
    priority: values.priority || null,
    dueDate: values.dueDate ? endOfLocalDay(values.dueDate) : null,
  };
}

const FORM_FIELDS = new Set(["name", "description", "category", "status", "tags", "assigneeId", "priority", "dueDate"]);

/**
 * Where the form shows the message for an API path: a command under its platform's field, the
 * "at least one command" rule under the Commands group, a tag under Tags; anything else (a field
 * the form does not show) as the form's own message.
 */
export function taskFormField(path: string): string {
  const [head = "", next] = path.split(".");
  if (head === "commands") return TASK_PLATFORMS.includes(next as TaskPlatform) ? (next as string) : "root.commands";
  return FORM_FIELDS.has(head) ? head : "root.server";
}

/** The form's values checked by the server's own schema; the output is the API body. */
export const TaskFormSchema = z.custom<TaskFormValues>().transform((values, context) => {
  const parsed = CreateTaskSchema.safeParse(formToInput(values));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    context.addIssue({ code: "custom", message: issue.message, path: taskFormField(issue.path.join(".")).split(".") });
  }
  return z.NEVER;
});
