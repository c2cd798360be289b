import { MESSAGES } from "../errors/messages.ts";

/** The specification's texts about workflows (spec 5 "Workflow service", "Workflow form", 8). */
export const WORKFLOW_MESSAGES = {
  nameRequired: "Workflow name is required",
  tasksRequired: "At least one task must be selected",
  onceNeedsDateAndTime: "Date and time are required for one-time schedule",
  oncePassed: (timezone: string) =>
    `This date and time have already passed (${timezone}); a one-time schedule must be in the future`,
  recurringNeedsTime: "Time is required for recurring schedules",
  notFound: "Workflow not found",
  /** A workflow lists secrets the organization does not have (deleted, renamed, or never made). */
  missingSecrets: (names: readonly string[]) =>
    names.length === 1
      ? `The secret ${names[0]} does not exist in this organization: create it in Administration → Secrets, or remove it from the workflow`
      : `The secrets ${names.join(", ")} do not exist in this organization: create them in Administration → Secrets, or remove them from the workflow`,
  idRequired: MESSAGES.workflowIdRequired,
  stepIdRequired: MESSAGES.taskIdRequired,
  reorderNeedsArray: "Task IDs for reorder must be an array",
  created: "Workflow created successfully!",
  updated: "Workflow updated successfully!",
  deleted: "Workflow deleted successfully!",
  confirmDelete: "Are you sure you want to delete this workflow?",
  loadFailed: "Failed to load workflows. Please try again.",
  // Not in the specification: its data layer let any member write. Flowdeck keeps changes to editors.
  cannotManage: "You need editor role or higher to change or run workflows",
  stepNotFound: "Task not found",
  reorderMismatch: "The new order must list each of the workflow's tasks exactly once",
  tasksNotActive: "Only active commands of this organization can be selected",
  tooManyTasks: "A workflow can have at most 100 tasks",
  alreadyRunning: "This workflow is already running",
  dueDateInvalid: "Please enter a valid due date",
  dateInvalid: "Please enter a valid date",
  timeInvalid: "Please enter a valid time",
  dayOfWeekRequired: "Please choose a day of the week",
  dayOfMonthRequired: "Please choose a day of the month between 1 and 28",
  deletedCommand: "(deleted command)",
} as const;

export const RUN_AFTER_MESSAGES = {
  workflowRequired: "Choose the workflow this one runs after",
  unknownWorkflow: "This workflow does not exist in this organization",
  onInvalid: "Choose when it runs: on success, on failure or always",
  tooMany: "A workflow can run after at most 10 workflows",
  duplicate: "This workflow is already listed",
  self: "A workflow cannot run after itself",
  loop: (names: readonly string[]) =>
    `This would make a loop: ${[...names, names[0]].map((name) => `"${name}"`).join(" → ")}`,
  notAParameter: (name: string) => `"${name}" is not a parameter of this workflow`,
  parameterNameInvalid: "A parameter name is lowercase letters, digits and underscores",
  pointerInvalid: "A value is a JSON pointer such as /parameters/env or /outputs/build/VERSION",
  tooManyMappings: "A run after maps at most 30 parameters",
} as const;

/** Retries and "Run this step" on a workflow's steps (docs/decisions/072). */
export const STEP_CONTROL_MESSAGES = {
  attemptsInvalid: "Retry attempts must be a whole number from 0 to 10",
  delayInvalid: "The delay between attempts must be a whole number of seconds from 0 to 3600",
  backoffInvalid: "Backoff must be fixed or doubling",
  exitCodeInvalid: "Exit codes to retry on are whole numbers from 1 to 255",
  tooManyExitCodes: "At most 20 exit codes to retry on",
  runIfInvalid: 'When a step runs is "success", "failure", "always" or { "parameter", "equals" }',
  runIfParameterRequired: "Name the parameter the step depends on",
  runIfEqualsRequired: "Give the value the parameter must have (at most 500 characters)",
  runIfUnknownParameter: (name: string) => `The workflow has no parameter named ${name}`,
  runIfParameterInUse: (name: string) =>
    `A step runs only on the value of ${name}: change that step before removing the parameter`,
} as const;
