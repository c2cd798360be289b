import type { KeysetQuery } from "@flowdeck/shared";
import type { TaskCategory, TaskPriority, TaskStatus } from "@flowdeck/shared/tasks/constants";
import type { TaskListFilters } from "@flowdeck/shared/tasks/schemas";
import { and, count, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import {
  afterCursorPlaceholders,
  cappedCountColumn,
  countOf,
  cursorPosition,
  cursorValues,
  isWholeSearch,
  keysetOrder,
  rememberedBeyondTheCap,
  searchedPageIds,
  searchMatches,
  toCountedKeysetPage,
} from "../../db/keyset.ts";
import { preparedStatements } from "../../db/prepared.ts";
import { tasks, user } from "../../db/schema/index.ts";
import { countWorkflowsRunning } from "./workflow-steps-repository.ts";

/** The columns a task is written with (the API's commands object spread over three columns). */
export type TaskValues = {
  name: string;
  description: string;
  category: TaskCategory;
  status: TaskStatus;
  commandWindows: string;
  commandLinux: string;
  commandMac: string;
  tags: string[];
  assigneeId: string | null;
  projectId: string | null;
  priority: TaskPriority | null;
  dueDate: Date | null;
};

/** What the workflows feature needs of a command to build a step and show it. */
export type TaskSummary = {
  id: string;
  name: string;
  description: string;
  category: TaskCategory;
  status: TaskStatus;
  commands: { windows: string; linux: string; mac: string };
};

const summaryColumns = {
  id: tasks.id,
  name: tasks.name,
  description: tasks.description,
  category: tasks.category,
  status: tasks.status,
  commandWindows: tasks.commandWindows,
  commandLinux: tasks.commandLinux,
  commandMac: tasks.commandMac,
};

/** Workflows that have a step running the task; counted per task in lists. */
const workflowCount = countWorkflowsRunning(tasks.id);

const rowColumns = {
  ...summaryColumns,
  tags: tasks.tags,
  executionCount: tasks.executionCount,
  lastExecuted: tasks.lastExecuted,
  assigneeId: tasks.assigneeId,
  // A user without a display name is shown by email.
  assigneeName: sql<string | null>`coalesce(nullif(${user.name}, ''), ${user.email})`,
  projectId: tasks.projectId,
  priority: tasks.priority,
  dueDate: tasks.dueDate,
  workflowCount,
  createdBy: tasks.createdBy,
  updatedBy: tasks.updatedBy,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};

export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

function selectTasks(db: Executor) {
  return db.select(rowColumns).from(tasks).leftJoin(user, eq(user.id, tasks.assigneeId));
}

function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** The list's optional filters, in the order a statement's shape names them. */
const LIST_FILTERS = ["status", "category", "assigneeId", "projectId", "priority", "tag", "q"] as const;
type ListFilter = (typeof LIST_FILTERS)[number];

/** A condition's value: a placeholder of a prepared statement, or the request's own value. */
type ListValue = (name: ListFilter | "organizationId") => SQLWrapper;

/**
 * The list's conditions for the filters a request uses, each value given by `value`: placeholders
 * of the same name (`organizationId` too) for the page, built once per combination of filters; the
 * request's values for the count beyond the page (countMatches), whose estimate needs them.
 */
function listConditions(used: ReadonlySet<ListFilter>, value: ListValue): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(tasks.organizationId, value("organizationId"))];
  if (used.has("status")) conditions.push(eq(tasks.status, value("status")));
  if (used.has("category")) conditions.push(eq(tasks.category, value("category")));
  if (used.has("assigneeId")) conditions.push(eq(tasks.assigneeId, value("assigneeId")));
  if (used.has("projectId")) conditions.push(eq(tasks.projectId, value("projectId")));
  if (used.has("priority")) conditions.push(eq(tasks.priority, value("priority")));
  if (used.has("tag")) {
    conditions.push(
      sql`exists (select 1 from unnest(${tasks.tags}) as t(tag) where lower(t.tag) = lower(${value("tag")}))`,
    );
  }
  if (used.has("q")) {
    // Each operand has its trigram index (pg_trgm), so a substring search reads the matches only.
    conditions.push(
      sql`(${tasks.name} ilike ${value("q")} or ${tasks.description} ilike ${value("q")}
        or flowdeck_tags_text(${tasks.tags}) ilike ${value("q")})`,
    );
  }
  return and(...conditions);
}

/**
 * A statement's shape: which filters it has ("1"/"0" in LIST_FILTERS' order), then "c" after a
 * cursor and "r" when the list is remembered beyond the cap (its page counts nothing).
 */
function shapeOf(used: ReadonlySet<ListFilter>, cursor: boolean, remembered: boolean): string {
  return (
    LIST_FILTERS.map((filter) => (used.has(filter) ? "1" : "0")).join("") +
    (cursor ? "c" : "") +
    (remembered ? "r" : "")
  );
}

function usedFilters(shape: string): Set<ListFilter> {
  return new Set(LIST_FILTERS.filter((_, index) => shape[index] === "1"));
}

/** A page with its capped count, newest first: `limit` rows after the cursor (when the shape has one). */
const pageStatement = preparedStatements((db, shape: string) => {
  const where = listConditions(usedFilters(shape), (name) => sql.placeholder(name));
  return db
    .select({
      ...rowColumns,
      position: cursorPosition(tasks),
      matching: cappedCountColumn(tasks, where, shape.includes("r")),
    })
    .from(tasks)
    .leftJoin(user, eq(user.id, tasks.assigneeId))
    .where(and(where, shape.includes("c") ? afterCursorPlaceholders(tasks) : undefined))
    .orderBy(...keysetOrder(tasks))
    .limit(sql.placeholder("limit"))
    .prepare(`tasks_page_${shape}`);
});

/**
 * A search's page sorted out of its matches, read once (searchMatches in db/keyset.ts), with the
 * same placeholders as pageStatement; for the shapes with "q".
 */
const searchStatement = preparedStatements((db, shape: string) => {
  const matches = searchMatches(
    db,
    tasks,
    tasks,
    listConditions(usedFilters(shape), (name) => sql.placeholder(name)),
  );
  const cursor = shape.includes("c") ? afterCursorPlaceholders(matches) : undefined;
  const pageIds = searchedPageIds(db, matches, cursor, sql.placeholder("limit"));
  return db
    .with(matches)
    .select({ ...rowColumns, position: cursorPosition(tasks), matching: countOf(matches) })
    .from(pageIds)
    .innerJoin(tasks, eq(tasks.id, pageIds.id))
    .leftJoin(user, eq(user.id, tasks.assigneeId))
    .orderBy(...keysetOrder(tasks))
    .prepare(`tasks_search_${shape}`);
});

/** One page of the organization's tasks, newest first, after the cursor, and how many match (capped). */
export async function listTasks(db: Executor, organizationId: string, filters: TaskListFilters, page: KeysetQuery) {
  const used = new Set(LIST_FILTERS.filter((filter) => filters[filter]));
  const values: Record<string, unknown> = {
    organizationId,
    ...Object.fromEntries([...used].map((filter) => [filter, filters[filter]])),
    // Escapes LIKE wildcards so a search for "50%" finds that text, not everything.
    ...(filters.q ? { q: containing(filters.q) } : {}),
    ...(page.cursor ? cursorValues(page.cursor) : {}),
    limit: page.pageSize + 1,
  };
  // The same conditions with the values themselves, as parameters: the search text is the user's.
  const where = listConditions(used, (name) => sql.param(values[name]));
  const counting = { table: tasks, where, cursor: page.cursor, pageSize: page.pageSize };
  // A search remembered beyond the cap has far more than 1,000 matches: its page is read in order.
  const remembered = rememberedBeyondTheCap(tasks, where);
  const shape = shapeOf(used, Boolean(page.cursor), remembered);
  if (used.has("q") && !remembered) {
    const searched = await searchStatement(db, shape).execute(values);
    if (isWholeSearch(searched, page.cursor)) return toCountedKeysetPage(db, searched, counting);
  }
  const rows = await pageStatement(db, shape).execute(values);
  return toCountedKeysetPage(db, rows, counting);
}

export async function findTask(db: Executor, organizationId: string, taskId: string) {
  const [row] = await selectTasks(db).where(and(eq(tasks.organizationId, organizationId), eq(tasks.id, taskId)));
  return row;
}

/** Inserts a task; the columns left out take their defaults. */
export async function insertTask(
  db: Executor,
  organizationId: string,
  values: Partial<TaskValues> & { name: string; createdBy: string | null },
) {
  const [row] = await db
    .insert(tasks)
    .values({ ...values, organizationId, updatedBy: values.createdBy })
    .returning({ id: tasks.id });
  if (!row) throw new Error("insert returned no task");
  return row;
}

/** Changes the given columns; undefined when the organization has no such task. */
export async function updateTask(
  db: Executor,
  organizationId: string,
  taskId: string,
  values: Partial<TaskValues> & { updatedBy: string | null },
) {
  const [row] = await db
    .update(tasks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tasks.organizationId, organizationId), eq(tasks.id, taskId)))
    .returning({ id: tasks.id });
  return row;
}

/** Locks the task for the rest of the transaction; undefined when the organization has no such task. */
export async function lockTask(db: Executor, organizationId: string, taskId: string) {
  const [row] = await db
    .select({ ...summaryColumns, assigneeId: tasks.assigneeId })
    .from(tasks)
    .where(and(eq(tasks.organizationId, organizationId), eq(tasks.id, taskId)))
    .for("update");
  return row;
}

export async function deleteTask(db: Executor, organizationId: string, taskId: string) {
  await db.delete(tasks).where(and(eq(tasks.organizationId, organizationId), eq(tasks.id, taskId)));
}

/**
 * Counts for the statistics; `now` decides what is recent and what is overdue. The organization's
 * tasks are read once, grouped by category, by priority and all together (grouping sets); `set`
 * says which grouping a row is (SQL's grouping(): 1 by category, 2 by priority, 3 all).
 */
export async function taskStatistics(db: Executor, organizationId: string, now: Date, recentDays: number) {
  const since = new Date(now.getTime() - recentDays * 24 * 60 * 60 * 1000);
  const groups = await db
    .select({
      set: sql<number>`grouping(${tasks.category}, ${tasks.priority})`.mapWith(Number),
      category: tasks.category,
      priority: tasks.priority,
      total: count(),
      active: count(sql`case when ${tasks.status} = 'active' then 1 end`),
      inactive: count(sql`case when ${tasks.status} = 'inactive' then 1 end`),
      recentlyCreated: count(sql`case when ${tasks.createdAt} >= ${since.toISOString()}::timestamptz then 1 end`),
      // System commands have no completed state, so any command past its due date is overdue.
      overdue: count(sql`case when ${tasks.dueDate} < ${now.toISOString()}::timestamptz then 1 end`),
    })
    .from(tasks)
    .where(eq(tasks.organizationId, organizationId))
    .groupBy(sql`grouping sets ((${tasks.category}), (${tasks.priority}), ())`);
  return {
    totals: groups.find((row) => row.set === 3),
    categories: groups.filter((row) => row.set === 1).map(({ category, total }) => ({ category, value: total })),
    priorities: groups.filter((row) => row.set === 2).map(({ priority, total }) => ({ priority, value: total })),
  };
}

// For the workflows feature: it reads commands through these and records their runs.

type SummaryRow = { id: string } & Pick<
  TaskValues,
  "name" | "description" | "category" | "status" | "commandWindows" | "commandLinux" | "commandMac"
>;

function toSummary(row: SummaryRow): TaskSummary {
  const { commandWindows, commandLinux, commandMac, ...rest } = row;
  return { ...rest, commands: { windows: commandWindows, linux: commandLinux, mac: commandMac } };
}

/** The organization's commands among `ids` (another organization's ids are left out), in no order. */
export async function findTasksByIds(
  db: Executor,
  organizationId: string,
  ids: readonly string[],
): Promise<TaskSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(tasks)
    .where(and(eq(tasks.organizationId, organizationId), inArray(tasks.id, [...new Set(ids)])));
  return rows.map(toSummary);
}

/** Counts one execution of each command at `at` (a command run twice in one workflow counts twice). */
export async function recordExecution(db: Executor, organizationId: string, taskIds: readonly string[], at: Date) {
  const runs = new Map<string, number>();
  for (const id of taskIds) runs.set(id, (runs.get(id) ?? 0) + 1);
  for (const [id, times] of runs) {
    await db
      .update(tasks)
      .set({
        executionCount: sql`${tasks.executionCount} + ${times}`,
        lastExecuted: sql`greatest(${tasks.lastExecuted}, ${at.toISOString()}::timestamptz)`,
      })
      .where(and(eq(tasks.organizationId, organizationId), eq(tasks.id, id)));
  }
}
