import type { Target } from "@flowdeck/shared/runs/targets";
import { DEFAULT_RUN_IF, type RetryPolicy, type RunIf } from "@flowdeck/shared/workflows/step-control";
import type { KeysetQuery } from "@flowdeck/shared";
import type { ConcurrencyPolicy, StepStatus, WorkflowStatus } from "@flowdeck/shared/workflows/constants";
import type { WorkflowListFilters } from "@flowdeck/shared/workflows/schemas";
import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ApprovalPolicy } from "@flowdeck/shared/runs/approvals";
import type { Executor } from "../../db/database.ts";
import {
  afterCursor,
  cappedCountColumn,
  cursorPosition,
  keysetOrder,
  rememberedBeyondTheCap,
  toCountedKeysetPage,
} from "../../db/keyset.ts";
import type { NormalizedSchedule } from "@flowdeck/shared/workflows/schedule";
import type { Parameter, ParameterValue } from "@flowdeck/shared/workflows/parameters";
import { organizations, tasks, user, workflowSteps, workflows } from "../../db/schema/index.ts";

const creator = alias(user, "creator");
/** A user without a display name is shown by email. */
const creatorName = sql<string | null>`coalesce(nullif(${creator.name}, ''), ${creator.email})`;

export type WorkflowRow = NonNullable<Awaited<ReturnType<typeof findWorkflow>>>;

function selectWorkflows(db: Executor) {
  return db
    .select({ ...getTableColumns(workflows), createdByName: creatorName })
    .from(workflows)
    .leftJoin(creator, eq(creator.id, workflows.createdBy));
}

function listConditions(organizationId: string, filters: WorkflowListFilters): SQL | undefined {
  return and(
    eq(workflows.organizationId, organizationId),
    filters.status ? eq(workflows.status, filters.status) : undefined,
    filters.createdBy ? eq(workflows.createdBy, filters.createdBy) : undefined,
  );
}

/** One page of the organization's workflows, newest first (spec 7), after the cursor, and how many match (capped). */
export async function listWorkflows(
  db: Executor,
  organizationId: string,
  filters: WorkflowListFilters,
  page: KeysetQuery,
) {
  const where = listConditions(organizationId, filters);
  const rows = await db
    .select({
      ...getTableColumns(workflows),
      createdByName: creatorName,
      position: cursorPosition(workflows),
      matching: cappedCountColumn(workflows, where, rememberedBeyondTheCap(workflows, where)),
    })
    .from(workflows)
    .leftJoin(creator, eq(creator.id, workflows.createdBy))
    .where(and(where, afterCursor(workflows, page.cursor)))
    .orderBy(...keysetOrder(workflows))
    .limit(page.pageSize + 1);
  return toCountedKeysetPage(db, rows, { table: workflows, where, cursor: page.cursor, pageSize: page.pageSize });
}

/** Every workflow of the organization, by name then id (an export reads them all at once). */
export async function listAllWorkflows(db: Executor, organizationId: string) {
  return selectWorkflows(db)
    .where(eq(workflows.organizationId, organizationId))
    .orderBy(asc(workflows.name), asc(workflows.id));
}

export async function findWorkflow(db: Executor, organizationId: string, workflowId: string) {
  const [row] = await selectWorkflows(db).where(
    and(eq(workflows.organizationId, organizationId), eq(workflows.id, workflowId)),
  );
  return row;
}

/**
 * Locks the workflow row for the rest of the transaction: every change to a workflow, its steps
 * or its runs takes this lock first, so concurrent changes queue instead of racing.
 */
export async function lockWorkflow(db: Executor, organizationId: string, workflowId: string) {
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.organizationId, organizationId), eq(workflows.id, workflowId)))
    .for("update");
  return row;
}

export type LockedWorkflow = NonNullable<Awaited<ReturnType<typeof lockWorkflow>>>;

/** The organization's IANA timezone (its settings; UTC by default). */
export async function organizationTimezone(db: Executor, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.timezone ?? "UTC";
}

export type WorkflowValues = {
  name: string;
  description: string;
  status: WorkflowStatus;
  dueDate: Date | null;
  schedule: NormalizedSchedule;
  nextExecution: Date | null;
  scheduleTimezone: string | null;
  lastExecuted: Date | null;
  progress: number;
  taskCount: number;
  completedTasks: number;
  startedAt: Date | null;
  startedBy: string | null;
  completedAt: Date | null;
  completedBy: string | null;
  updatedBy: string | null;
  timeoutSeconds: number;
  runnerLabels: string[];
  target: Target;
  secretNames: string[];
  concurrencyPolicy: ConcurrencyPolicy;
  skippedRuns: number;
  lastSkippedAt: Date | null;
  parameters: Parameter[];
  scheduleParameters: Record<string, ParameterValue>;
  approval: ApprovalPolicy | null;
  respectFreezeWindows: boolean;
  confirmName: boolean;
};

export async function insertWorkflow(
  db: Executor,
  organizationId: string,
  values: Partial<WorkflowValues> & { name: string; createdBy: string | null },
) {
  const [row] = await db
    .insert(workflows)
    .values({ ...values, organizationId, updatedBy: values.createdBy })
    .returning({ id: workflows.id });
  if (!row) throw new Error("insert returned no workflow");
  return row;
}

/** Changes the given columns of a workflow (already locked by the caller). */
export async function updateWorkflow(
  db: Executor,
  organizationId: string,
  workflowId: string,
  values: Partial<WorkflowValues>,
) {
  await db
    .update(workflows)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(workflows.organizationId, organizationId), eq(workflows.id, workflowId)));
}

export async function deleteWorkflow(db: Executor, organizationId: string, workflowId: string) {
  await db
    .delete(workflowSteps)
    .where(and(eq(workflowSteps.organizationId, organizationId), eq(workflowSteps.workflowId, workflowId)));
  await db.delete(workflows).where(and(eq(workflows.organizationId, organizationId), eq(workflows.id, workflowId)));
}

// Steps

const stepColumns = {
  ...getTableColumns(workflowSteps),
  // A step shows its command as it is now; the copy it keeps speaks once the command is deleted.
  name: sql<string>`coalesce(${tasks.name}, ${workflowSteps.name})`,
  category: sql<string>`coalesce(${tasks.category}, ${workflowSteps.category})`,
  description: sql<string>`coalesce(${tasks.description}, ${workflowSteps.description})`,
  // The command lines as the command has them now; null once it is deleted.
  commandWindows: tasks.commandWindows,
  commandLinux: tasks.commandLinux,
  commandMac: tasks.commandMac,
};

export type StepRow = typeof workflowSteps.$inferSelect & {
  commandWindows?: string | null;
  commandLinux?: string | null;
  commandMac?: string | null;
};

/** The steps of the given workflows, each workflow's in order. */
export async function listSteps(
  db: Executor,
  organizationId: string,
  workflowIds: readonly string[],
): Promise<StepRow[]> {
  if (workflowIds.length === 0) return [];
  return db
    .select(stepColumns)
    .from(workflowSteps)
    .leftJoin(tasks, eq(tasks.id, workflowSteps.taskId))
    .where(and(eq(workflowSteps.organizationId, organizationId), inArray(workflowSteps.workflowId, [...workflowIds])))
    .orderBy(asc(workflowSteps.workflowId), asc(workflowSteps.position), asc(workflowSteps.id));
}

/**
 * Locks the organization's commands among `ids` against deletion until the transaction ends, so
 * steps are never written for a command deleted meanwhile.
 */
export async function lockCommands(db: Executor, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.organizationId, organizationId), inArray(tasks.id, [...new Set(ids)])))
    .for("share");
}

export type NewStep = {
  id: string;
  taskId: string;
  name: string;
  category: string;
  description: string;
  position: number;
};

export async function insertSteps(db: Executor, organizationId: string, workflowId: string, steps: NewStep[]) {
  if (steps.length === 0) return;
  await db.insert(workflowSteps).values(steps.map((step) => ({ ...step, organizationId, workflowId })));
}

export async function deleteStepsByIds(db: Executor, workflowId: string, stepIds: readonly string[]) {
  if (stepIds.length === 0) return;
  await db
    .delete(workflowSteps)
    .where(and(eq(workflowSteps.workflowId, workflowId), inArray(workflowSteps.id, [...stepIds])));
}

/** Each step's run options by its command; a command not listed gets the defaults. */
export async function setStepOptions(
  db: Executor,
  workflowId: string,
  options: readonly {
    taskId: string;
    continueOnError: boolean;
    timeoutSeconds: number | null;
    retry: RetryPolicy | null;
    runIf: RunIf;
  }[],
) {
  await db
    .update(workflowSteps)
    .set({ continueOnError: false, timeoutSeconds: null, retry: null, runIf: DEFAULT_RUN_IF })
    .where(eq(workflowSteps.workflowId, workflowId));
  for (const option of options) {
    await db
      .update(workflowSteps)
      .set({
        continueOnError: option.continueOnError,
        timeoutSeconds: option.timeoutSeconds,
        retry: option.retry,
        runIf: option.runIf,
      })
      .where(and(eq(workflowSteps.workflowId, workflowId), eq(workflowSteps.taskId, option.taskId)));
  }
}

/** Positions 0, 1, 2… in the order of `stepIds`. */
export async function setStepPositions(db: Executor, workflowId: string, stepIds: readonly string[]) {
  for (const [position, id] of stepIds.entries()) {
    await db
      .update(workflowSteps)
      .set({ position, updatedAt: new Date() })
      .where(and(eq(workflowSteps.workflowId, workflowId), eq(workflowSteps.id, id)));
  }
}

/** Marks steps done (with who and when) or to do; all of the workflow's steps when `stepId` is absent. */
export async function setStepStatus(
  db: Executor,
  values: { workflowId: string; stepId?: string; status: StepStatus; by: string | null; at: Date },
) {
  const done = values.status === "completed";
  await db
    .update(workflowSteps)
    .set({
      status: values.status,
      completedAt: done ? values.at : null,
      completedBy: done ? values.by : null,
      updatedAt: values.at,
    })
    .where(
      and(
        eq(workflowSteps.workflowId, values.workflowId),
        values.stepId ? eq(workflowSteps.id, values.stepId) : undefined,
        // Steps already in the wanted state keep who completed them and when.
        sql`${workflowSteps.status} <> ${values.status}`,
      ),
    );
}

/** The workflow's status and completion as they are now in this transaction (not as when it was locked). */
export async function findCompletion(db: Executor, workflowId: string) {
  const [row] = await db
    .select({ status: workflows.status, completedAt: workflows.completedAt, completedBy: workflows.completedBy })
    .from(workflows)
    .where(eq(workflows.id, workflowId));
  return row;
}

/** How many steps the workflow has and how many are done, counted from the rows themselves. */
export async function countSteps(db: Executor, workflowId: string) {
  const [row] = await db
    .select({
      total: count(),
      completed: count(sql`case when ${workflowSteps.status} = 'completed' then 1 end`),
    })
    .from(workflowSteps)
    .where(eq(workflowSteps.workflowId, workflowId));
  return { total: row?.total ?? 0, completed: row?.completed ?? 0 };
}

// Statistics

/** Spec 9's statistics; `now` decides what is recent and what is overdue. */
export async function workflowStatistics(db: Executor, organizationId: string, now: Date, recentDays: number) {
  const since = new Date(now.getTime() - recentDays * 24 * 60 * 60 * 1000);
  const [row] = await db
    .select({
      total: count(),
      draft: count(sql`case when ${workflows.status} = 'draft' then 1 end`),
      active: count(sql`case when ${workflows.status} = 'active' then 1 end`),
      inProgress: count(sql`case when ${workflows.status} = 'in-progress' then 1 end`),
      completed: count(sql`case when ${workflows.status} = 'completed' then 1 end`),
      recentlyCreated: count(sql`case when ${workflows.createdAt} >= ${since.toISOString()}::timestamptz then 1 end`),
      overdue: count(
        sql`case when ${workflows.dueDate} < ${now.toISOString()}::timestamptz and ${workflows.status} <> 'completed' then 1 end`,
      ),
      averageProgress: sql<number>`coalesce(round(avg(${workflows.progress})), 0)::int`,
      totalCommands: sql<number>`coalesce(sum(${workflows.taskCount}), 0)::int`,
    })
    .from(workflows)
    .where(eq(workflows.organizationId, organizationId));
  return row;
}

// For the tasks feature: the steps that run a command belong to their workflows.
