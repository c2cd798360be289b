import { TargetInputSchema, TargetSchema } from "../runs/targets.ts";
import { z } from "zod";
import { RunAfterInputSchema, RunAfterSchema } from "./run-after.ts";
import { OrgParamsSchema } from "../organizations/params.ts";
import { KeysetQuerySchema, keysetPageOf } from "../keyset.ts";
import { TASK_CATEGORIES, TASK_STATUSES } from "../tasks/constants.ts";
import { TaskListQuerySchema } from "../tasks/schemas.ts";
import { RunnerLabelsSchema } from "../runners/protocol.ts";
import { WorkflowSecretsSchema } from "../secrets/workflow-secrets.ts";
import { LastRunSchema, WorkflowRunSchema } from "../runs/schemas.ts";
import { ApprovalPolicySchema, StoredApprovalPolicySchema } from "../runs/approvals.ts";
import {
  CONCURRENCY_POLICIES,
  MAX_RUN_TIMEOUT_SECONDS,
  SCHEDULE_TYPES,
  STEP_STATUSES,
  WORKFLOW_FORM_STATUSES,
  WORKFLOW_LIMITS,
  WORKFLOW_STATUSES,
} from "./constants.ts";
import { cronExpressionError } from "./cron.ts";
import {
  DEFAULT_RUN_IF,
  RetryPolicySchema,
  RunIfSchema,
  StoredRetryPolicySchema,
  StoredRunIfSchema,
} from "./step-control.ts";
import {
  ParameterSchema,
  ParametersInputSchema,
  ParameterValueSchema,
  ScheduleParametersInputSchema,
} from "./parameters.ts";
import { WORKFLOW_MESSAGES } from "./messages.ts";
import { MANUAL_SCHEDULE, normalizeSchedule, parseDayOfMonth, parseTime, type NormalizedSchedule } from "./schedule.ts";
import { parseDate, parseDayOfWeek } from "./schedule-text.ts";

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

const nameField = z
  .string({ error: WORKFLOW_MESSAGES.nameRequired })
  .trim()
  .min(1, WORKFLOW_MESSAGES.nameRequired)
  .max(WORKFLOW_LIMITS.name, tooLong("Workflow name", WORKFLOW_LIMITS.name));

const descriptionField = z
  .string()
  .trim()
  .max(WORKFLOW_LIMITS.description, tooLong("Description", WORKFLOW_LIMITS.description));

/** Spec 7: the due date is stored as a timestamp; ISO 8601 with its offset, or null. */
const dueDateField = z.iso.datetime({ offset: true, error: WORKFLOW_MESSAGES.dueDateInvalid }).nullable();

/** The chosen commands in order (spec 3 "selectedTasks"); at least one (spec 5). */
const taskIdsField = z
  .array(z.string().trim().min(1, WORKFLOW_MESSAGES.tasksRequired), { error: WORKFLOW_MESSAGES.tasksRequired })
  .min(1, WORKFLOW_MESSAGES.tasksRequired)
  .max(WORKFLOW_LIMITS.steps, WORKFLOW_MESSAGES.tooManyTasks);

const scheduleText = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null);

/**
 * The schedule as the form sends it (spec 5 "Workflow form"): checked only when enabled; a
 * disabled schedule is saved as manual and not enabled, and only the fields its type uses are kept.
 */
export const ScheduleInputSchema = z
  .object({
    type: z.enum(SCHEDULE_TYPES, { error: "Please choose how often the workflow runs" }).default("manual"),
    isEnabled: z.boolean({ error: "isEnabled must be true or false" }).default(false),
    date: scheduleText,
    time: scheduleText,
    dayOfWeek: scheduleText,
    dayOfMonth: scheduleText,
    expression: scheduleText,
  })
  .superRefine((schedule, context) => {
    if (!schedule.isEnabled || schedule.type === "manual") return;
    const fail = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (schedule.type === "cron") {
      const error = cronExpressionError(schedule.expression);
      if (error) fail("expression", error);
      return;
    }
    if (schedule.type === "once") {
      if (!schedule.date || !schedule.time) {
        fail(schedule.date ? "time" : "date", WORKFLOW_MESSAGES.onceNeedsDateAndTime);
        return;
      }
      if (!parseDate(schedule.date)) fail("date", WORKFLOW_MESSAGES.dateInvalid);
    } else if (!schedule.time) {
      fail("time", WORKFLOW_MESSAGES.recurringNeedsTime);
      return;
    }
    if (!parseTime(schedule.time)) fail("time", WORKFLOW_MESSAGES.timeInvalid);
    if (schedule.type === "weekly" && parseDayOfWeek(schedule.dayOfWeek) === null) {
      fail("dayOfWeek", WORKFLOW_MESSAGES.dayOfWeekRequired);
    }
    if (schedule.type === "monthly" && parseDayOfMonth(schedule.dayOfMonth) === null) {
      fail("dayOfMonth", WORKFLOW_MESSAGES.dayOfMonthRequired);
    }
  })
  .transform(normalizeSchedule);

/** A stored schedule, as answers carry it: the type is `NormalizedSchedule` (schedule.ts). */
export const ScheduleSchema = z.object({
  type: z.enum(SCHEDULE_TYPES),
  isEnabled: z.boolean(),
  date: z.string().nullable(),
  time: z.string().nullable(),
  dayOfWeek: z.string().nullable(),
  dayOfMonth: z.string().nullable(),
  /** Five cron fields, only on a cron schedule. */
  expression: z.string().optional(),
}) satisfies z.ZodType<NormalizedSchedule>;

const concurrencyPolicyField = z.enum(CONCURRENCY_POLICIES, {
  error: "When a run is under way, choose skip, queue or cancel",
});

const timeoutField = z
  .number({ error: "A timeout is a number of seconds" })
  .int("A timeout is a whole number of seconds")
  .min(1, "A timeout must be at least 1 second")
  .max(MAX_RUN_TIMEOUT_SECONDS, "A timeout can be at most 7 days");

/**
 * How an executed run treats each chosen command: go on after it fails, and its own timeout. A
 * command left out keeps the defaults (stop the run on failure; only the workflow's timeout).
 */
export const StepOptionsSchema = z
  .array(
    z.object({
      taskId: z.string().trim().min(1),
      continueOnError: z.boolean().default(false),
      timeoutSeconds: timeoutField.nullable().default(null),
      /** Attempts after a failure (decision 072); null: none. */
      retry: RetryPolicySchema.nullable().default(null),
      /** When the step runs: after success (default), after a failure, always, or on a parameter's value. */
      runIf: RunIfSchema.default(DEFAULT_RUN_IF),
    }),
  )
  .max(WORKFLOW_LIMITS.steps);

/** POST /api/orgs/:orgId/workflows, and the workflow form. */
export const CreateWorkflowSchema = z.object({
  name: nameField,
  description: descriptionField.default(""),
  status: z.enum(WORKFLOW_FORM_STATUSES, { error: "Status must be draft or active" }).default("active"),
  dueDate: dueDateField.optional(),
  taskIds: taskIdsField,
  schedule: ScheduleInputSchema.default({ ...MANUAL_SCHEDULE }),
  /** An executed run that lasts longer is stopped and ends timed out (default 1 hour). */
  timeoutSeconds: timeoutField.optional(),
  /** Only runners with all of these labels execute its runs. */
  runnerLabels: RunnerLabelsSchema.optional(),
  /** Where its runs go (decision 080): any one matching runner, a chosen one, or every one. */
  target: TargetInputSchema.optional(),
  stepOptions: StepOptionsSchema.optional(),
  /** A due time that comes while a run is under way: skipped, queued, or the run is cancelled. */
  concurrencyPolicy: concurrencyPolicyField.optional(),
  /** The organization's secrets its steps are given in their environment, by name. */
  secrets: WorkflowSecretsSchema.optional(),
  /** Typed inputs a run is given (docs/decisions/061). */
  parameters: ParametersInputSchema.default([]),
  /** Values the schedule's runs are given; a parameter left out takes its default. */
  scheduleParameters: ScheduleParametersInputSchema.default({}),
  /** "Requires approval" (decision 067); null: none. Only admins and owners set it. */
  approval: ApprovalPolicySchema.nullable().optional(),
  /** Freeze windows hold its runs; on by default when it requires approval. Only admins and owners change it. */
  respectFreezeWindows: z.boolean({ error: "respectFreezeWindows must be true or false" }).optional(),
  /** "Ask to type the workflow's name before running". */
  confirmName: z.boolean({ error: "confirmName must be true or false" }).optional(),
  /** Start this workflow when another ends (decision 073); stored on this workflow. */
  runAfter: RunAfterInputSchema.optional(),
});
export type CreateWorkflowInput = z.input<typeof CreateWorkflowSchema>;
export type CreateWorkflowData = z.output<typeof CreateWorkflowSchema>;

/** PATCH /api/orgs/:orgId/workflows/:workflowId: only what is sent changes. */
export const UpdateWorkflowSchema = z.object({
  name: nameField.optional(),
  description: descriptionField.optional(),
  status: z.enum(WORKFLOW_FORM_STATUSES, { error: "Status must be draft or active" }).optional(),
  dueDate: dueDateField.optional(),
  taskIds: taskIdsField.optional(),
  schedule: ScheduleInputSchema.optional(),
  timeoutSeconds: timeoutField.optional(),
  runnerLabels: RunnerLabelsSchema.optional(),
  target: TargetInputSchema.optional(),
  stepOptions: StepOptionsSchema.optional(),
  concurrencyPolicy: concurrencyPolicyField.optional(),
  secrets: WorkflowSecretsSchema.optional(),
  parameters: ParametersInputSchema.optional(),
  scheduleParameters: ScheduleParametersInputSchema.optional(),
  approval: ApprovalPolicySchema.nullable().optional(),
  respectFreezeWindows: z.boolean({ error: "respectFreezeWindows must be true or false" }).optional(),
  confirmName: z.boolean({ error: "confirmName must be true or false" }).optional(),
  runAfter: RunAfterInputSchema.optional(),
});
export type UpdateWorkflowInput = z.input<typeof UpdateWorkflowSchema>;
export type UpdateWorkflowData = z.output<typeof UpdateWorkflowSchema>;

const idField = (message: string) => z.string({ error: message }).trim().min(1, message);

export const WorkflowParamsSchema = OrgParamsSchema.extend({
  workflowId: idField(WORKFLOW_MESSAGES.idRequired),
});

export const WorkflowStepParamsSchema = WorkflowParamsSchema.extend({
  stepId: idField(WORKFLOW_MESSAGES.stepIdRequired),
});

/** PUT /api/orgs/:orgId/workflows/:workflowId/steps/order: every step id, in the new order. */
export const ReorderStepsSchema = z.object({
  stepIds: z.array(z.string({ error: WORKFLOW_MESSAGES.reorderNeedsArray }), {
    error: WORKFLOW_MESSAGES.reorderNeedsArray,
  }),
});

/** PATCH /api/orgs/:orgId/workflows/:workflowId/steps/:stepId. */
export const SetStepStatusSchema = z.object({
  status: z.enum(STEP_STATUSES, { error: "Status must be todo or completed" }),
});

/** GET /api/orgs/:orgId/workflows: newest first, a page at a time from a cursor, by status and creator. */
export const WorkflowListQuerySchema = KeysetQuerySchema.extend({
  status: z.enum(WORKFLOW_STATUSES).optional(),
  createdBy: z.string().trim().min(1).max(100).optional(),
});
export type WorkflowListQuery = z.input<typeof WorkflowListQuerySchema>;
export type WorkflowListFilters = Omit<z.output<typeof WorkflowListQuerySchema>, "cursor" | "pageSize">;

/** A task in a workflow (spec 3): a copy of its command's name, kept when the command is deleted. */
export const WorkflowStepSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  /** Null once the command is deleted (docs/decisions/007): shown as "(deleted command)". */
  taskId: z.string().nullable(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  /** The command's line per platform ("" where it has none); null once the command is deleted. */
  commands: z.object({ windows: z.string(), linux: z.string(), mac: z.string() }).nullable(),
  status: z.enum(STEP_STATUSES),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
  /** An executed run goes on after this step fails. */
  continueOnError: z.boolean(),
  /** Null: only the workflow's timeout applies. */
  timeoutSeconds: z.number().int().nullable(),
  /** Attempts after a failure (decision 072), or null. */
  retry: StoredRetryPolicySchema.nullable(),
  /** When an executed run runs the step. */
  runIf: StoredRunIfSchema,
});
export type WorkflowStep = z.infer<typeof WorkflowStepSchema>;

export const WorkflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(WORKFLOW_STATUSES),
  dueDate: z.string().nullable(),
  schedule: ScheduleSchema,
  nextExecution: z.string().nullable(),
  lastExecuted: z.string().nullable(),
  progress: z.number().int(),
  taskCount: z.number().int(),
  completedTasks: z.number().int(),
  startedAt: z.string().nullable(),
  startedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  updatedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  timeoutSeconds: z.number().int(),
  runnerLabels: z.array(z.string()),
  /** Where its runs go (decision 080). */
  target: TargetSchema,
  /** The secrets its steps are given, by name; never a value. */
  secrets: z.array(z.string()),
  concurrencyPolicy: z.enum(CONCURRENCY_POLICIES),
  /** Due times skipped because a run was under way, and the last of them. */
  skippedRuns: z.number().int(),
  lastSkippedAt: z.string().nullable(),
  steps: z.array(WorkflowStepSchema),
  /** The inputs a run is given, in the order the Run now form shows them. */
  parameters: z.array(ParameterSchema),
  /** The values saved for the schedule's runs (the others take their defaults). */
  scheduleParameters: z.record(z.string(), ParameterValueSchema),
  /** "Requires approval" (decision 067), or null. */
  approval: StoredApprovalPolicySchema.nullable(),
  respectFreezeWindows: z.boolean(),
  confirmName: z.boolean(),
  /** The workflows whose runs start this one when they end (decision 073). */
  runAfter: z.array(RunAfterSchema),
  /** The latest run, if any. */
  lastRun: LastRunSchema.nullable(),
});
export type Workflow = z.infer<typeof WorkflowSchema>;

/** The list carries the organization's timezone: schedules and next runs are read on its clock. */
export const WorkflowPageSchema = keysetPageOf(WorkflowSchema).extend({ timezone: z.string() });
export type WorkflowPage = z.infer<typeof WorkflowPageSchema>;

/** GET /api/orgs/:orgId/workflows/:workflowId: the workflow, its steps and its recent runs. */
export const WorkflowDetailSchema = WorkflowSchema.extend({
  runs: z.array(WorkflowRunSchema),
  timezone: z.string(),
});
export type WorkflowDetail = z.infer<typeof WorkflowDetailSchema>;

/** GET /api/orgs/:orgId/workflows/stats (spec 9). */
export const WorkflowStatsSchema = z.object({
  total: z.number().int(),
  byStatus: z.object({
    draft: z.number().int(),
    active: z.number().int(),
    "in-progress": z.number().int(),
    completed: z.number().int(),
  }),
  /** Created within the last 7 days. */
  recentlyCreated: z.number().int(),
  /** Past the due date and not completed. */
  overdue: z.number().int(),
  /** Mean progress of all workflows, rounded; 0 with none. */
  averageProgress: z.number().int(),
  /** Commands across all workflows (steps). */
  totalCommands: z.number().int(),
});
export type WorkflowStats = z.infer<typeof WorkflowStatsSchema>;

/**
 * GET /api/orgs/:orgId/workflows/commands: what the picker offers, active commands only, a page at
 * a time, newest first; `q` searches as the tasks list does (docs/decisions/050).
 */
export const WorkflowCommandQuerySchema = KeysetQuerySchema.extend({ q: TaskListQuerySchema.shape.q });
export type WorkflowCommandQuery = z.input<typeof WorkflowCommandQuerySchema>;

export const WorkflowCommandSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(TASK_CATEGORIES),
  status: z.enum(TASK_STATUSES),
});
export type WorkflowCommand = z.infer<typeof WorkflowCommandSchema>;

export const WorkflowCommandPageSchema = keysetPageOf(WorkflowCommandSchema);
export type WorkflowCommandPage = z.infer<typeof WorkflowCommandPageSchema>;

export const DeleteWorkflowResultSchema = z.object({ id: z.string() });
