import { z } from "zod";
import { OrgParamsSchema } from "../organizations/params.ts";
import { KeysetQuerySchema, keysetPageOf } from "../keyset.ts";
import { TASK_CATEGORIES, TASK_LIMITS, TASK_PLATFORMS, TASK_PRIORITIES, TASK_STATUSES } from "./constants.ts";
import { uniqueTags } from "./format.ts";
import { TASK_MESSAGES } from "./messages.ts";

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

const nameField = z
  .string({ error: TASK_MESSAGES.nameRequired })
  .trim()
  .min(1, TASK_MESSAGES.nameRequired)
  .max(TASK_LIMITS.name, tooLong("Task name", TASK_LIMITS.name));

const descriptionField = z
  .string()
  .trim()
  .max(TASK_LIMITS.description, tooLong("Description", TASK_LIMITS.description));

const commandField = z.string().trim().max(TASK_LIMITS.command, tooLong("A command", TASK_LIMITS.command)).default("");

/** One command line per platform; at least one of them must be non-blank (spec 5 "Task form"). */
export const TaskCommandsSchema = z
  .object({ windows: commandField, linux: commandField, mac: commandField }, { error: TASK_MESSAGES.commandRequired })
  .refine((commands) => TASK_PLATFORMS.some((platform) => commands[platform] !== ""), {
    message: TASK_MESSAGES.commandRequired,
  });

/** Trimmed, blanks dropped, each tag once. */
const tagsField = z
  .array(z.string().trim().max(TASK_LIMITS.tag, tooLong("A tag", TASK_LIMITS.tag)), { error: "Tags must be a list" })
  .max(TASK_LIMITS.tags, `At most ${TASK_LIMITS.tags} tags`)
  .transform(uniqueTags);

/** An id, or null to leave it empty; a blank text counts as empty. */
const optionalId = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => value || null);

/** A timestamp with its offset (ISO 8601), or null. */
const dueDateField = z.iso.datetime({ offset: true, error: TASK_MESSAGES.dueDateInvalid }).nullable();

const taskFields = {
  name: nameField,
  description: descriptionField,
  category: z.enum(TASK_CATEGORIES, { error: "Please choose a category" }),
  status: z.enum(TASK_STATUSES, { error: "Status must be active or inactive" }),
  commands: TaskCommandsSchema,
  tags: tagsField,
  assigneeId: optionalId(100),
  projectId: optionalId(TASK_LIMITS.projectId),
  priority: z.enum(TASK_PRIORITIES, { error: "Please choose a priority" }).nullable(),
  dueDate: dueDateField,
};

/** POST /api/orgs/:orgId/tasks, and the task form. */
export const CreateTaskSchema = z.object({
  ...taskFields,
  description: taskFields.description.default(""),
  category: taskFields.category.default("general"),
  status: taskFields.status.default("active"),
  tags: taskFields.tags.default([]),
  assigneeId: taskFields.assigneeId.optional(),
  projectId: taskFields.projectId.optional(),
  priority: taskFields.priority.optional(),
  dueDate: taskFields.dueDate.optional(),
});
export type CreateTaskInput = z.input<typeof CreateTaskSchema>;
export type CreateTaskData = z.output<typeof CreateTaskSchema>;

/** PATCH /api/orgs/:orgId/tasks/:taskId: only what is sent changes; null clears an optional field. */
export const UpdateTaskSchema = z.object({
  name: taskFields.name.optional(),
  description: taskFields.description.optional(),
  category: taskFields.category.optional(),
  status: taskFields.status.optional(),
  commands: taskFields.commands.optional(),
  tags: taskFields.tags.optional(),
  assigneeId: taskFields.assigneeId.optional(),
  projectId: taskFields.projectId.optional(),
  priority: taskFields.priority.optional(),
  dueDate: taskFields.dueDate.optional(),
});
export type UpdateTaskInput = z.input<typeof UpdateTaskSchema>;
export type UpdateTaskData = z.output<typeof UpdateTaskSchema>;

export const TaskParamsSchema = OrgParamsSchema.extend({
  taskId: z.string({ error: TASK_MESSAGES.idRequired }).trim().min(1, TASK_MESSAGES.idRequired),
});

/** GET /api/orgs/:orgId/tasks: filters, newest first, a page at a time from a cursor. */
export const TaskListQuerySchema = KeysetQuerySchema.extend({
  status: z.enum(TASK_STATUSES).optional(),
  category: z.enum(TASK_CATEGORIES).optional(),
  assigneeId: z.string().trim().min(1).max(100).optional(),
  projectId: z.string().trim().min(1).max(TASK_LIMITS.projectId).optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  tag: z.string().trim().min(1).max(TASK_LIMITS.tag).optional(),
  /** Text searched in the name, the description and the tags; blank means no search. */
  q: z.string().trim().max(TASK_LIMITS.search).optional(),
});
export type TaskListQuery = z.input<typeof TaskListQuerySchema>;
export type TaskListFilters = Omit<z.output<typeof TaskListQuerySchema>, "cursor" | "pageSize">;

export const TaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(TASK_CATEGORIES),
  status: z.enum(TASK_STATUSES),
  commands: z.object({ windows: z.string(), linux: z.string(), mac: z.string() }),
  tags: z.array(z.string()),
  executionCount: z.number().int(),
  lastExecuted: z.string().nullable(),
  assigneeId: z.string().nullable(),
  /** The assignee's display name, else their email. */
  assigneeName: z.string().nullable(),
  projectId: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES).nullable(),
  dueDate: z.string().nullable(),
  /** How many workflows have a step that runs this command. */
  workflowCount: z.number().int(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof TaskSchema>;

export const TaskPageSchema = keysetPageOf(TaskSchema);
export type TaskPage = z.infer<typeof TaskPageSchema>;

const counts = <T extends readonly [string, ...string[]]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<T[number], z.ZodNumber>);

/** GET /api/orgs/:orgId/tasks/stats (spec 9: recent means 7 days; overdue means past its due date). */
export const TaskStatsSchema = z.object({
  total: z.number().int(),
  byStatus: counts(TASK_STATUSES),
  byCategory: counts(TASK_CATEGORIES),
  byPriority: counts([...TASK_PRIORITIES, "none"] as const),
  recentlyCreated: z.number().int(),
  overdue: z.number().int(),
});
export type TaskStats = z.infer<typeof TaskStatsSchema>;

/** DELETE answer: the workflows whose steps now keep the deleted command's name only. */
export const DeleteTaskResultSchema = z.object({
  id: z.string(),
  detachedFrom: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type DeleteTaskResult = z.infer<typeof DeleteTaskResultSchema>;
