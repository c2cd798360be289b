import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id, updatedAt } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { tasks } from "./tasks.ts";

export type WorkflowSchedule = {
  type: "manual" | "once" | "daily" | "weekly" | "monthly" | "cron";
  isEnabled: boolean;
  /** yyyy-mm-dd, for once. */
  date?: string | null;
  /** HH:mm in the organization's timezone. */
  time?: string | null;
  /** "0"–"6", Sunday = "0". */
  dayOfWeek?: string | null;
  /** "1"–"28". */
  dayOfMonth?: string | null;
  /** Five cron fields, for cron (docs/decisions/018). */
  expression?: string | null;
};

export const workflows = pgTable(
  "workflows",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").$type<"draft" | "active" | "in-progress" | "completed">().notNull().default("active"),
    dueDate: timestamp("due_date", { withTimezone: true }),
    schedule: jsonb("schedule").$type<WorkflowSchedule>().notNull().default({ type: "manual", isEnabled: false }),
    nextExecution: timestamp("next_execution", { withTimezone: true }),
    /** The organization's timezone next_execution was computed in; the scheduler recomputes on a change. */
    scheduleTimezone: text("schedule_timezone"),
    lastExecuted: timestamp("last_executed", { withTimezone: true }),
    progress: integer("progress").notNull().default(0),
    taskCount: integer("task_count").notNull().default(0),
    completedTasks: integer("completed_tasks").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }),
    startedBy: text("started_by").references(() => user.id, { onDelete: "set null" }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    completedBy: text("completed_by").references(() => user.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The list's order, newest first (db/keyset.ts), so a page reads its rows only.
    index("workflows_org_created_id_idx").on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("workflows_next_execution_idx").on(table.nextExecution),
    check("workflows_status_valid", sql`${table.status} in ('draft', 'active', 'in-progress', 'completed')`),
    check("workflows_progress_range", sql`${table.progress} between 0 and 100`),
    check("workflows_counts_valid", sql`${table.completedTasks} between 0 and ${table.taskCount}`),
  ],
);

/** A workflow's ordered commands. The command's name is copied so a step outlives its command. */
export const workflowSteps = pgTable(
  "workflow_steps",
  {
    id: id(),
    workflowId: text("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    taskId: text("task_id").references(() => tasks.id, { onDelete: "set null" }),
    /** Zero-based position in the workflow. */
    position: integer("position").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull().default("general"),
    description: text("description").notNull().default(""),
    status: text("status").$type<"todo" | "completed">().notNull().default("todo"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    completedBy: text("completed_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("workflow_steps_workflow_idx").on(table.workflowId, table.position),
    index("workflow_steps_task_idx").on(table.taskId),
    check("workflow_steps_status_valid", sql`${table.status} in ('todo', 'completed')`),
  ],
);

/** One execution of a workflow: who or what started it, and how it went. */
export const workflowRuns = pgTable(
  "workflow_runs",
  {
    id: id(),
    workflowId: text("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    trigger: text("trigger").$type<"manual" | "schedule">().notNull(),
    /** Null when the scheduler started it. */
    startedBy: text("started_by").references(() => user.id, { onDelete: "set null" }),
    status: text("status").$type<"running" | "succeeded" | "failed" | "cancelled">().notNull().default("running"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("workflow_runs_workflow_idx").on(table.workflowId, table.startedAt.desc()),
    // At most one run under way per workflow, whatever the number of schedulers and clicks.
    uniqueIndex("workflow_runs_one_running")
      .on(table.workflowId)
      .where(sql`${table.status} = 'running'`),
    check("workflow_runs_trigger_valid", sql`${table.trigger} in ('manual', 'schedule')`),
    check("workflow_runs_status_valid", sql`${table.status} in ('running', 'succeeded', 'failed', 'cancelled')`),
  ],
);

/** Per-step results of a run, for the runners that will execute commands for real. */
export const workflowRunSteps = pgTable(
  "workflow_run_steps",
  {
    id: id(),
    runId: text("run_id")
      .notNull()
      .references(() => workflowRuns.id, { onDelete: "cascade" }),
    stepId: text("step_id").references(() => workflowSteps.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    status: text("status")
      .$type<"pending" | "running" | "succeeded" | "failed" | "skipped">()
      .notNull()
      .default("pending"),
    exitCode: integer("exit_code"),
    output: text("output"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("workflow_run_steps_run_idx").on(table.runId, table.position),
    check(
      "workflow_run_steps_status_valid",
      sql`${table.status} in ('pending', 'running', 'succeeded', 'failed', 'skipped')`,
    ),
  ],
);
