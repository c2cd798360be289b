/** Every status a workflow can have (spec 4 "Workflow"). */
export const WORKFLOW_STATUSES = ["draft", "active", "in-progress", "completed"] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** The statuses the form offers (spec 5 "Workflow form"); the others come from work on it. */
export const WORKFLOW_FORM_STATUSES = ["draft", "active"] as const satisfies readonly WorkflowStatus[];

export const WORKFLOW_STATUS_LABELS: Record<WorkflowStatus, string> = {
  draft: "Draft",
  active: "Active",
  "in-progress": "In progress",
  completed: "Completed",
};

/**
 * What the scheduler does when a workflow comes due while its previous run is still under way
 * (issue 16, decision 028): skip that due time (the default), queue it until the run ends, or cancel
 * the run under way and start anew.
 */
export const CONCURRENCY_POLICIES = ["skip", "queue", "cancel"] as const;
export type ConcurrencyPolicy = (typeof CONCURRENCY_POLICIES)[number];

export const CONCURRENCY_POLICY_LABELS: Record<ConcurrencyPolicy, string> = {
  skip: "Skip it",
  queue: "Queue it until the run ends",
  cancel: "Cancel the run under way and start",
};

/** A step of a workflow (a "task in a workflow", spec 3) is to do or done. */
export const STEP_STATUSES = ["todo", "completed"] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** Spec 9: schedule types; the default is manual and disabled. "cron" is Flowdeck's (decision 025). */
export const SCHEDULE_TYPES = ["manual", "once", "daily", "weekly", "monthly", "cron"] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

/** The types a person picks once the schedule is enabled (a disabled one is saved as manual). */
export const ENABLED_SCHEDULE_TYPES = [
  "once",
  "daily",
  "weekly",
  "monthly",
  "cron",
] as const satisfies readonly ScheduleType[];

export const SCHEDULE_TYPE_LABELS: Record<ScheduleType, string> = {
  manual: "Manual",
  once: "Once",
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
  cron: "Cron",
};

/** dayOfWeek is "0"–"6" with Sunday "0" (spec 3). */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Spec 9: day of month choices are 1–28, so every month has the day. */
export const MAX_DAY_OF_MONTH = 28;

/** An executed run's default timeout (1 hour), and the longest one a workflow may ask for. */
export const DEFAULT_RUN_TIMEOUT_SECONDS = 3600;
export const MAX_RUN_TIMEOUT_SECONDS = 7 * 24 * 3600;

export const WORKFLOW_LIMITS = {
  name: 200,
  description: 2000,
  steps: 100,
} as const;

/** Spec 9: "recently created" means within 7 days. */
export const WORKFLOW_RECENT_DAYS = 7;
/** How many runs a workflow's detail carries; the runs route pages through the rest. */
export const RECENT_RUNS = 10;
