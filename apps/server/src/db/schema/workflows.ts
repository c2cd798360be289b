import { MANUAL_SCHEDULE, type NormalizedSchedule } from "@flowdeck/shared/workflows/schedule";
import type { Parameter, ParameterValue, RunParameter } from "@flowdeck/shared/workflows/parameters";
import type { RetryPolicy, RunIf } from "@flowdeck/shared/workflows/step-control";
import type { StepAttempt } from "@flowdeck/shared/runners/protocol";
import { sql } from "drizzle-orm";
import { TASK_PLATFORMS, type TaskPlatform } from "@flowdeck/shared/tasks/constants";
import {
  CONCURRENCY_POLICIES,
  DEFAULT_RUN_TIMEOUT_SECONDS,
  STEP_STATUSES,
  WORKFLOW_STATUSES,
  type ConcurrencyPolicy,
  type StepStatus,
  type WorkflowStatus,
} from "@flowdeck/shared/workflows/constants";
import {
  RUN_KINDS,
  RUN_STATUSES,
  RUN_STEP_STATUSES,
  RUN_TRIGGERS,
  type RunKind,
  type RunStatus,
  type RunStepStatus,
  type RunTrigger,
} from "@flowdeck/shared/runs/constants";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Target } from "@flowdeck/shared/runs/targets";
import { APPROVAL_DECISIONS, type ApprovalDecision, type ApprovalPolicy } from "@flowdeck/shared/runs/approvals";
import { apiTokens } from "./api-tokens.ts";
import { user } from "./auth.ts";
import { createdAt, id, oneOf, updatedAt } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { runners } from "./runners.ts";
import { tasks } from "./tasks.ts";

export const workflows = pgTable(
  "workflows",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").$type<WorkflowStatus>().notNull().default("active"),
    dueDate: timestamp("due_date", { withTimezone: true }),
    /** Always normalized (`normalizeSchedule`): every field present, `expression` on a cron schedule only. */
    schedule: jsonb("schedule").$type<NormalizedSchedule>().notNull().default(MANUAL_SCHEDULE),
    nextExecution: timestamp("next_execution", { withTimezone: true }),
    /** The organization's timezone next_execution was computed in; the scheduler recomputes on a change. */
    scheduleTimezone: text("schedule_timezone"),
    lastExecuted: timestamp("last_executed", { withTimezone: true }),
    progress: integer("progress").notNull().default(0),
    taskCount: integer("task_count").notNull().default(0),
    completedTasks: integer("completed_tasks").notNull().default(0),
    /** An executed run that lasts longer is stopped and ends as timed out. */
    timeoutSeconds: integer("timeout_seconds").notNull().default(DEFAULT_RUN_TIMEOUT_SECONDS),
    /** Only runners carrying every one of these labels may execute its runs. */
    runnerLabels: text("runner_labels").array().notNull().default([]),
    /** Where its runs go (decision 080): any one matching runner, a chosen one, or every one. */
    target: jsonb("target")
      .$type<Target>()
      .notNull()
      .default(
        sql`'{"mode":"any","runnerId":null,"batchSize":null,"keepGoing":false,"successThreshold":100,"offlineWaitMinutes":0}'::jsonb`,
      ),
    /** The organization's secrets its steps are given, by name (never a value). */
    secretNames: text("secret_names").array().notNull().default([]),
    /** Due while a run is under way: skip, queue or cancel (decision 028). */
    concurrencyPolicy: text("concurrency_policy").$type<ConcurrencyPolicy>().notNull().default("skip"),
    /** The typed inputs a run is given (decision 061), normalized by ParameterInputSchema. */
    parameters: jsonb("parameters").$type<Parameter[]>().notNull().default([]),
    /** Values saved for the schedule's runs; a parameter left out takes its default. */
    scheduleParameters: jsonb("schedule_parameters").$type<Record<string, ParameterValue>>().notNull().default({}),
    /** "Requires approval" (decision 067): who may approve, how many, how long a request waits; null: none. */
    approval: jsonb("approval").$type<ApprovalPolicy | null>(),
    /** Freeze windows hold its runs (on by default with approval; the windows themselves come later). */
    respectFreezeWindows: boolean("respect_freeze_windows").notNull().default(false),
    /** Run now asks to type the workflow's name. */
    confirmName: boolean("confirm_name").notNull().default(false),
    /** Due times the scheduler skipped, and the last one, so a skip is visible on the workflow. */
    skippedRuns: integer("skipped_runs").notNull().default(0),
    lastSkippedAt: timestamp("last_skipped_at", { withTimezone: true }),
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
    check("workflows_status_valid", oneOf(table.status, WORKFLOW_STATUSES)),
    check("workflows_progress_range", sql`${table.progress} between 0 and 100`),
    check("workflows_counts_valid", sql`${table.completedTasks} between 0 and ${table.taskCount}`),
    check("workflows_timeout_positive", sql`${table.timeoutSeconds} > 0`),
    check("workflows_concurrency_policy_valid", oneOf(table.concurrencyPolicy, CONCURRENCY_POLICIES)),
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
    status: text("status").$type<StepStatus>().notNull().default("todo"),
    /** An executed run goes on after this step fails. */
    continueOnError: boolean("continue_on_error").notNull().default(false),
    /** Null: only the workflow's timeout applies. */
    timeoutSeconds: integer("timeout_seconds"),
    /** Attempts after a failure (decision 072); null: none. */
    retry: jsonb("retry").$type<RetryPolicy | null>(),
    /** When an executed run runs the step (decision 072). */
    runIf: jsonb("run_if")
      .$type<RunIf>()
      .notNull()
      .default(sql`'"success"'::jsonb`),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    completedBy: text("completed_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("workflow_steps_workflow_idx").on(table.workflowId, table.position),
    index("workflow_steps_task_idx").on(table.taskId),
    check("workflow_steps_status_valid", oneOf(table.status, STEP_STATUSES)),
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
    trigger: text("trigger").$type<RunTrigger>().notNull(),
    /** Null when the scheduler started it. */
    startedBy: text("started_by").references(() => user.id, { onDelete: "set null" }),
    /** A checklist is ticked by people; an executed run is carried out by a runner. */
    kind: text("kind").$type<RunKind>().notNull().default("checklist"),
    /** The platform whose command lines an executed run snapshots. */
    platform: text("platform").$type<TaskPlatform>(),
    status: text("status").$type<RunStatus>().notNull().default("running"),
    /** When it was asked for (queued, for an executed run). */
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    runnerId: text("runner_id").references((): AnyPgColumn => runners.id, { onDelete: "set null" }),
    /** The workflow's runner labels when it was queued. */
    requiredLabels: text("required_labels").array().notNull().default([]),
    /** The secrets its runner is given when it claims it, by name: the workflow's list when it was queued. */
    secretNames: text("secret_names").array().notNull().default([]),
    timeoutSeconds: integer("timeout_seconds"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /** The runner must call before this, or the run is lost. */
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    /** What queueing it cost, refunded when it is cancelled before a runner claims it. */
    creditsCharged: integer("credits_charged").notNull().default(0),
    /** The log batch the run expects next, the bytes stored, and whether the cap was reached. */
    nextLogSeq: integer("next_log_seq").notNull().default(1),
    logBytes: integer("log_bytes").notNull().default(0),
    logTruncated: boolean("log_truncated").notNull().default(false),
    /** Some step outputs were left out: the run's outputs reached their cap (decision 072). */
    outputsTruncated: boolean("outputs_truncated").notNull().default(false),
    /** Never deleted by retention (decision 029). */
    pinned: boolean("pinned").notNull().default(false),
    /** The values it was given, each with the label and type it had then (decision 061). */
    parameters: jsonb("parameters").$type<RunParameter[]>().notNull().default([]),
    /** The API token that asked for it (startedBy is the token's creator), if a token did. */
    requestedByTokenId: text("requested_by_token_id").references((): AnyPgColumn => apiTokens.id, {
      onDelete: "set null",
    }),
    /** The token's name when it asked, kept when the token is gone. */
    requestedByTokenName: text("requested_by_token_name"),
    /** The requester's note, shown to approvers. */
    note: text("note").notNull().default(""),
    /** The approval it needs, as the workflow asked when it was requested (decision 067); null: none. */
    approval: jsonb("approval").$type<ApprovalPolicy | null>(),
    /** An awaiting-approval run not approved by then ends expired (the sweeper). */
    approvalExpiresAt: timestamp("approval_expires_at", { withTimezone: true }),
    /** Why a skipped run did not run: "freeze window: <its reason>" (decision 071). */
    skipReason: text("skip_reason"),
    /** An admin's or owner's reason for starting it during a freeze window (decision 071). */
    freezeOverride: text("freeze_override"),
    /** The run whose end started this one (trigger run-after); null for every other trigger. */
    triggeredByRunId: text("triggered_by_run_id").references((): AnyPgColumn => workflowRuns.id, {
      onDelete: "set null",
    }),
    /**
     * Decision 080: a fan-out's target (one machine of it) names the run it belongs to, and goes
     * with it. Lists, history, retention, health and the one-under-way rule count runs, not targets.
     */
    parentRunId: text("parent_run_id").references((): AnyPgColumn => workflowRuns.id, { onDelete: "cascade" }),
    /** Only this runner may claim it: a pinned run, or a fan-out's target (a plain id: a deleted runner claims nothing). */
    targetRunnerId: text("target_runner_id"),
    /** Where it was asked to go, as the workflow (or Run now) said when it started. */
    target: jsonb("target").$type<Target>(),
    /** A fan-out's target waiting for its batch: not claimable until the run releases it. */
    held: boolean("held").notNull().default(false),
    /** A target whose runner was offline at the start is skipped if not claimed by then. */
    claimDeadline: timestamp("claim_deadline", { withTimezone: true }),
  },
  (table) => [
    // A workflow's runs newest first with a tie-break: retention's cap, the history's keyset pages,
    // the last run. NULLS FIRST is what `order by … desc` means; drizzle's desc() alone would
    // write NULLS LAST, and PostgreSQL then sorts every run of the workflow (decision 034).
    index("workflow_runs_history_idx").on(
      table.workflowId,
      table.startedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The organization's runs newest first (GET …/runs, decision 087): its keyset pages cost the
    // same however many runs it has, fan-outs' targets left out as the list leaves them out.
    index("workflow_runs_org_history_idx")
      .on(table.organizationId, table.startedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.parentRunId} is null`),
    // At most one run under way per workflow, whatever the number of schedulers and clicks.
    uniqueIndex("workflow_runs_one_under_way")
      .on(table.workflowId)
      .where(sql`${table.status} in ('awaiting-approval', 'queued', 'running') and ${table.parentRunId} is null`),
    // What a runner's claim scans: the organization's queued runs, oldest first.
    index("workflow_runs_queue_idx")
      .on(table.organizationId, table.platform, table.startedAt)
      .where(sql`${table.status} = 'queued'`),
    index("workflow_runs_lease_idx")
      .on(table.leaseExpiresAt)
      .where(sql`${table.status} = 'running' and ${table.kind} = 'executed'`),
    index("workflow_runs_runner_idx").on(table.runnerId),
    // Deleting a token, or a run, sets the runs that name it to null: without these, each deleted
    // row read every run of the table (retention crawled at 100 runs a pass with a million).
    index("workflow_runs_requested_by_token_idx")
      .on(table.requestedByTokenId)
      .where(sql`${table.requestedByTokenId} is not null`),
    index("workflow_runs_triggered_by_idx")
      .on(table.triggeredByRunId)
      .where(sql`${table.triggeredByRunId} is not null`),
    index("workflow_runs_parent_idx")
      .on(table.parentRunId)
      .where(sql`${table.parentRunId} is not null`),
    // What the sweeper's expiry and the Approvals list scan: the runs that wait.
    index("workflow_runs_awaiting_idx")
      .on(table.organizationId, table.approvalExpiresAt)
      .where(sql`${table.status} = 'awaiting-approval'`),
    check("workflow_runs_trigger_valid", oneOf(table.trigger, RUN_TRIGGERS)),
    check("workflow_runs_kind_valid", oneOf(table.kind, RUN_KINDS)),
    check("workflow_runs_status_valid", oneOf(table.status, RUN_STATUSES)),
    check("workflow_runs_platform_valid", oneOf(table.platform, TASK_PLATFORMS)),
    // A fan-out has no platform of its own: each of its targets has its runner's.
    check(
      "workflow_runs_executed_has_platform",
      sql`${table.kind} = 'checklist' or ${table.platform} is not null or ${table.target}->>'mode' = 'all'`,
    ),
  ],
);

/**
 * Each workflow's ended runs per UTC day (decision 034): the dashboard's health panel sums at most
 * 30 rows per workflow however many runs there are. A trigger on workflow_runs keeps it (migration
 * 0016), in the same transaction as every insert, status change and delete of a run.
 */
export const workflowRunDays = pgTable(
  "workflow_run_days",
  {
    workflowId: text("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    /** The UTC day the runs started. */
    day: date("day", { mode: "string" }).notNull(),
    /** Runs that ended succeeded, failed, timed out or lost (cancelled aside), and the succeeded ones. */
    ended: integer("ended").notNull().default(0),
    succeeded: integer("succeeded").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.workflowId, table.day] })],
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
    status: text("status").$type<RunStepStatus>().notNull().default("pending"),
    /** The command line for the run's platform when the run was queued; null: nothing to run. */
    command: text("command"),
    continueOnError: boolean("continue_on_error").notNull().default(false),
    timeoutSeconds: integer("timeout_seconds"),
    /** The step's retry policy and run-if when the run was queued (decision 072). */
    retry: jsonb("retry").$type<RetryPolicy | null>(),
    runIf: jsonb("run_if")
      .$type<RunIf>()
      .notNull()
      .default(sql`'"success"'::jsonb`),
    /** Each attempt's exit code and times, as the runner reported them. */
    attempts: jsonb("attempts").$type<StepAttempt[]>().notNull().default([]),
    /** What the step wrote to FLOWDECK_OUTPUT, masked; the run's outputs are capped together. */
    outputs: jsonb("outputs").$type<Record<string, string>>().notNull().default({}),
    /** Why the runner skipped it. */
    skipReason: text("skip_reason"),
    exitCode: integer("exit_code"),
    /** The signal that ended the process, if any. */
    signal: text("signal"),
    output: text("output"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("workflow_run_steps_run_idx").on(table.runId, table.position),
    // Removing a step from a workflow sets its past executions' step to null.
    index("workflow_run_steps_step_idx")
      .on(table.stepId)
      .where(sql`${table.stepId} is not null`),
    check("workflow_run_steps_status_valid", oneOf(table.status, RUN_STEP_STATUSES)),
  ],
);

/**
 * Each approval or rejection of a run (decision 067): one per person and run, so nobody approves
 * twice. A run needs its policy's number of approvals; one rejection ends it.
 */
export const runApprovals = pgTable(
  "run_approvals",
  {
    id: id(),
    runId: text("run_id")
      .notNull()
      .references(() => workflowRuns.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** The approver's name when they decided, kept when the account is gone. */
    userName: text("user_name").notNull(),
    decision: text("decision").$type<ApprovalDecision>().notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("run_approvals_one_per_person").on(table.runId, table.userId),
    check("run_approvals_decision_valid", oneOf(table.decision, APPROVAL_DECISIONS)),
  ],
);
