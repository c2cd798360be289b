import { AppError, type KeysetPage, type KeysetQuery } from "@flowdeck/shared";
import { RECENT_DAYS, TASK_CATEGORIES, TASK_PRIORITIES } from "@flowdeck/shared/tasks/constants";
import { TASK_MESSAGES } from "@flowdeck/shared/tasks/messages";
import type {
  CreateTaskData,
  DeleteTaskResult,
  Task,
  TaskListFilters,
  TaskStats,
  UpdateTaskData,
} from "@flowdeck/shared/tasks/schemas";
import type { Database, Executor } from "../../db/database.ts";
import { attributedUserId } from "../../lib/actor.ts";
import { changesBetween } from "../../lib/audit-changes.ts";
import { transact, type ChangeLog, type OrgScope } from "../../lib/change-log.ts";
import { runIdempotent, type Idempotency } from "../../lib/idempotency.ts";
import { findMembership } from "../organizations/repository.ts";
import {
  deleteTask as deleteTaskRow,
  findTask,
  insertTask,
  listTasks as listTaskRows,
  lockTask,
  taskStatistics,
  updateTask as updateTaskRow,
  type TaskRow,
  type TaskValues,
} from "./repository.ts";
import { copyTaskIntoSteps, listWorkflowsUsingTask } from "./workflow-steps-repository.ts";

type Scope = { db: Database; organizationId: string };
type Change = OrgScope;
/** Who changes what, in which organization, when a caller holds the transaction. */
type InTransaction = Pick<OrgScope, "organizationId" | "actor">;

export async function listTasks({
  db,
  organizationId,
  filters,
  page,
}: Scope & { filters: TaskListFilters; page: KeysetQuery }): Promise<KeysetPage<Task>> {
  const result = await listTaskRows(db, organizationId, filters, page);
  return { ...result, items: result.items.map(toTask) };
}

export async function getTask({ db, organizationId, taskId }: Scope & { taskId: string }): Promise<Task> {
  return toTask(await findTaskOrThrow(db, organizationId, taskId));
}

export async function getTaskStats({
  db,
  organizationId,
  now = new Date(),
}: Scope & { now?: Date }): Promise<TaskStats> {
  const { totals, categories, priorities } = await taskStatistics(db, organizationId, now, RECENT_DAYS);
  const byCategory = Object.fromEntries(TASK_CATEGORIES.map((category) => [category, 0])) as TaskStats["byCategory"];
  for (const row of categories) byCategory[row.category] = row.value;
  const byPriority = Object.fromEntries([...TASK_PRIORITIES, "none"].map((key) => [key, 0])) as TaskStats["byPriority"];
  for (const row of priorities) byPriority[row.priority ?? "none"] = row.value;
  return {
    total: totals?.total ?? 0,
    byStatus: { active: totals?.active ?? 0, inactive: totals?.inactive ?? 0 },
    byCategory,
    byPriority,
    recentlyCreated: totals?.recentlyCreated ?? 0,
    overdue: totals?.overdue ?? 0,
  };
}

/** POST: a new command; a retry with the same Idempotency-Key answers the first one again. */
export async function createTask({
  input,
  idempotency,
  ...scope
}: Change & { input: CreateTaskData; idempotency: Idempotency | null }): Promise<Task> {
  return runIdempotent({ context: scope, idempotency, work: (tx, log) => createTaskIn(tx, log, { ...scope, input }) });
}

/** A new command, inside a transaction someone else holds (the route's, or an import's). */
export async function createTaskIn(
  tx: Executor,
  log: ChangeLog,
  { input, organizationId, actor }: InTransaction & { input: CreateTaskData },
) {
  const values = toValues(input);
  if (values.assigneeId) await requireMember(tx, organizationId, values.assigneeId);
  const createdBy = attributedUserId(actor);
  const { id } = await insertTask(tx, organizationId, { ...values, name: input.name, createdBy });
  const created = toTask(await findTaskOrThrow(tx, organizationId, id));
  log.record({
    action: "task.created",
    entityId: id,
    summary: `Created the command "${created.name}"`,
    changes: changesBetween(null, created, AUDITED_FIELDS),
  });
  return created;
}

/** What the audit log shows of a command's change. */
const AUDITED_FIELDS = [
  "name",
  "description",
  "category",
  "status",
  "commands",
  "tags",
  "assigneeId",
  "projectId",
  "priority",
  "dueDate",
] as const satisfies ReadonlyArray<keyof Task>;

/** Changes what the input carries and records who changed it and when. */
export async function updateTask({ taskId, input, ...scope }: Change & { taskId: string; input: UpdateTaskData }) {
  return transact(scope, (tx, log) => updateTaskIn(tx, log, { ...scope, taskId, input }));
}

/** A command's change, inside a transaction someone else holds (the route's, or an import's). */
export async function updateTaskIn(
  tx: Executor,
  log: ChangeLog,
  { taskId, input, organizationId, actor }: InTransaction & { taskId: string; input: UpdateTaskData },
): Promise<Task> {
  const current = await lockTask(tx, organizationId, taskId);
  if (!current) throw new AppError("not-found", TASK_MESSAGES.notFound);
  const before = await findTaskOrThrow(tx, organizationId, taskId);
  const values = toValues(input);
  // An assignee kept from before may have left the organization since; only a new one is checked.
  if (values.assigneeId && values.assigneeId !== current.assigneeId) {
    await requireMember(tx, organizationId, values.assigneeId);
  }
  await updateTaskRow(tx, organizationId, taskId, { ...values, updatedBy: attributedUserId(actor) });
  const updated = await findTaskOrThrow(tx, organizationId, taskId);
  log.record({
    action: "task.updated",
    entityId: taskId,
    summary: `Changed the command "${updated.name}"`,
    changes: changesBetween(toTask(before), toTask(updated), AUDITED_FIELDS),
  });
  return toTask(updated);
}

/**
 * Deletes the command. Workflow steps that ran it stay, with a fresh copy of its name, category
 * and description, and no command (task_id null): see docs/decisions on deleting a command that
 * workflows use. Those workflows are announced as changed too.
 */
export async function deleteTask({ taskId, ...scope }: Change & { taskId: string }): Promise<DeleteTaskResult> {
  const { organizationId } = scope;
  const detachedFrom = await transact(scope, async (tx, log) => {
    const task = await lockTask(tx, organizationId, taskId);
    if (!task) throw new AppError("not-found", TASK_MESSAGES.notFound);
    const workflows = await listWorkflowsUsingTask(tx, organizationId, taskId);
    await copyTaskIntoSteps(tx, organizationId, task);
    await deleteTaskRow(tx, organizationId, taskId);
    log.record({ action: "task.deleted", entityId: taskId, summary: `Deleted the command "${task.name}"` });
    for (const workflow of workflows) log.announce({ entity: "workflow", id: workflow.id, action: "updated" });
    return workflows;
  });
  return { id: taskId, detachedFrom };
}

async function findTaskOrThrow(db: Executor, organizationId: string, taskId: string): Promise<TaskRow> {
  const row = await findTask(db, organizationId, taskId);
  if (!row) throw new AppError("not-found", TASK_MESSAGES.notFound);
  return row;
}

async function requireMember(db: Executor, organizationId: string, userId: string) {
  if (!(await findMembership(db, { organizationId, userId }))) {
    throw new AppError("invalid-argument", TASK_MESSAGES.assigneeNotMember, {
      assigneeId: TASK_MESSAGES.assigneeNotMember,
    });
  }
}

/** The input's fields as columns; what the input leaves out stays undefined (unchanged). */
function toValues(input: UpdateTaskData): Partial<TaskValues> {
  const { commands, dueDate, ...rest } = input;
  return {
    ...rest,
    ...(commands && { commandWindows: commands.windows, commandLinux: commands.linux, commandMac: commands.mac }),
    ...(dueDate !== undefined && { dueDate: dueDate === null ? null : new Date(dueDate) }),
  };
}

function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    status: row.status,
    commands: { windows: row.commandWindows, linux: row.commandLinux, mac: row.commandMac },
    tags: row.tags,
    executionCount: row.executionCount,
    lastExecuted: row.lastExecuted?.toISOString() ?? null,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeId ? row.assigneeName : null,
    projectId: row.projectId,
    priority: row.priority,
    dueDate: row.dueDate?.toISOString() ?? null,
    workflowCount: row.workflowCount,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
