import { DEFAULT_TARGET, normalizeTarget, type Target } from "@flowdeck/shared/runs/targets";
import { DEFAULT_RUN_IF, type RetryPolicy, type RunIf } from "@flowdeck/shared/workflows/step-control";
import { DEFAULT_RUN_TIMEOUT_SECONDS } from "@flowdeck/shared/workflows/constants";
import { ParameterSchema, type Parameter } from "@flowdeck/shared/workflows/parameters";
import type { NormalizedSchedule } from "@flowdeck/shared/workflows/schedule";
import type { CreateTaskData } from "@flowdeck/shared/tasks/schemas";
import type { CreateWorkflowData, Workflow } from "@flowdeck/shared/workflows/schemas";
import type { NotificationRule, NotificationRuleData } from "@flowdeck/shared/notifications/schemas";
import { linksFromApi, linksFromData, type FileApproval, type FileRunAfter } from "./approval-and-run-after-form.ts";
import { byCodePoint, canonical, ordered } from "./key-order.ts";
import type { CommandRow } from "./repository.ts";

/**
 * The YAML document's form of each thing (decision 069): what the API's bodies hold, keyed by
 * name, with no id, timestamp, run history or member id. Every object is built here with its keys
 * in one fixed order, so an export is the same bytes whatever order the database answered in, and
 * a field-level diff compares these forms: the organization's side and the file's side, the file's
 * after it went through the API's own schemas (defaults applied, text trimmed).
 */

export type FileCommand = {
  name: string;
  description: string;
  category: string;
  status: string;
  priority: string | null;
  projectId: string | null;
  dueDate: string | null;
  tags: string[];
  commands: { linux: string; mac: string; windows: string };
};

export type FileStep = {
  command: string;
  continueOnError: boolean;
  timeoutSeconds: number | null;
  /** Written only when set (decision 072): a file without them means no retry and "success". */
  retry?: Record<string, unknown>;
  runIf?: unknown;
};

export type FileWorkflow = {
  name: string;
  description: string;
  status: string;
  dueDate: string | null;
  timeoutSeconds: number;
  concurrencyPolicy: string;
  runnerLabels: string[];
  /** Where its runs go (decision 080); a chosen runner by name. */
  target: FileTarget;
  secrets: string[];
  /** The guardrails (decision 067), approvers by address. */
  approval: FileApproval | null;
  respectFreezeWindows: boolean;
  confirmName: boolean;
  schedule: Record<string, unknown>;
  parameters: Record<string, unknown>[];
  scheduleParameters: Record<string, unknown>;
  /** The workflows whose end starts this one, by name (decision 073). */
  runAfter: FileRunAfter[];
  steps: FileStep[];
};

/** A workflow's target in the file: a chosen runner by its name, an id means nothing elsewhere. */
export type FileTarget = Omit<Target, "runnerId" | "runnerIds"> & { runner: string | null };

/** The target as the file writes it, every field in one order. */
export function targetForm(target: Target, runnerName: string | null): FileTarget {
  const { mode, batchSize, keepGoing, successThreshold, offlineWaitMinutes } = normalizeTarget(target);
  return {
    mode,
    runner: mode === "runner" ? runnerName : null,
    batchSize,
    keepGoing,
    successThreshold,
    offlineWaitMinutes,
  };
}

export type FileRule = {
  name: string;
  enabled: boolean;
  events: string[];
  longRunningMinutes: number | null;
  emailRoles: string[];
  /** Recipients by address: a member's id means nothing in another organization. */
  emailMembers: string[];
  webhookUrl: string | null;
};

/** The fields each kind's entry may have, in the order they are written. */
export const FIELDS = {
  commands: [
    "name",
    "description",
    "category",
    "status",
    "priority",
    "projectId",
    "dueDate",
    "tags",
    "commands",
  ] as const satisfies readonly (keyof FileCommand)[],
  workflows: [
    "name",
    "description",
    "status",
    "dueDate",
    "timeoutSeconds",
    "concurrencyPolicy",
    "runnerLabels",
    "target",
    "secrets",
    "approval",
    "respectFreezeWindows",
    "confirmName",
    "schedule",
    "parameters",
    "scheduleParameters",
    "runAfter",
    "steps",
  ] as const satisfies readonly (keyof FileWorkflow)[],
  notificationRules: [
    "name",
    "enabled",
    "events",
    "longRunningMinutes",
    "emailRoles",
    "emailMembers",
    "webhookUrl",
  ] as const satisfies readonly (keyof FileRule)[],
} as const;

export const STEP_FIELDS = ["command", "continueOnError", "timeoutSeconds", "retry", "runIf"] as const;
const RETRY_FIELDS = ["attempts", "delaySeconds", "backoff", "onExitCodes"] as const;

/** A step's retry and run-if as the file writes them: left out when they are the defaults. */
function stepControlForm(options: { retry?: RetryPolicy | null; runIf?: RunIf } | undefined) {
  return {
    ...(options?.retry && { retry: ordered(options.retry, RETRY_FIELDS) }),
    ...(options?.runIf !== undefined && options.runIf !== DEFAULT_RUN_IF && { runIf: canonical(options.runIf) }),
  };
}
const SCHEDULE_FIELDS = ["type", "isEnabled", "expression", "date", "time", "dayOfWeek", "dayOfMonth"] as const;
const PARAMETER_FIELDS = Object.keys(ParameterSchema.shape);

const isoOrNull = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

export function commandFromRow(row: CommandRow): FileCommand {
  return {
    name: row.name,
    description: row.description,
    category: row.category,
    status: row.status,
    priority: row.priority,
    projectId: row.projectId,
    dueDate: isoOrNull(row.dueDate),
    tags: row.tags,
    commands: { linux: row.commandLinux, mac: row.commandMac, windows: row.commandWindows },
  };
}

export function commandFromData(data: CreateTaskData): FileCommand {
  return {
    name: data.name,
    description: data.description,
    category: data.category,
    status: data.status,
    priority: data.priority ?? null,
    projectId: data.projectId ?? null,
    dueDate: isoOrNull(data.dueDate),
    tags: data.tags,
    commands: { linux: data.commands.linux, mac: data.commands.mac, windows: data.commands.windows },
  };
}

const scheduleForm = (schedule: NormalizedSchedule) => ordered(schedule, SCHEDULE_FIELDS);
const parametersForm = (parameters: readonly Parameter[]) =>
  parameters.map((parameter) => ordered(parameter, PARAMETER_FIELDS));

/**
 * A stored workflow; its steps name their commands by the commands' current names, its run-after
 * the workflows by theirs, its approvers are addresses (`emails` by member id).
 */
export function workflowFromApi(
  workflow: Workflow,
  commandNames: ReadonlyMap<string, string>,
  emails: ReadonlyMap<string, string>,
  runnerNames: ReadonlyMap<string, string>,
): FileWorkflow {
  const links = linksFromApi(workflow, emails);
  const pinned = workflow.target.runnerId;
  return {
    name: workflow.name,
    description: workflow.description,
    // In progress and completed are a checklist's state, not its definition.
    status: workflow.status === "draft" ? "draft" : "active",
    dueDate: isoOrNull(workflow.dueDate),
    timeoutSeconds: workflow.timeoutSeconds,
    concurrencyPolicy: workflow.concurrencyPolicy,
    runnerLabels: workflow.runnerLabels,
    target: targetForm(workflow.target, pinned ? (runnerNames.get(pinned) ?? pinned) : null),
    secrets: workflow.secrets,
    approval: links.approval,
    respectFreezeWindows: links.respectFreezeWindows,
    confirmName: links.confirmName,
    schedule: scheduleForm(workflow.schedule),
    parameters: parametersForm(workflow.parameters),
    scheduleParameters: ordered(workflow.scheduleParameters, []),
    runAfter: links.runAfter,
    // A step whose command was deleted keeps only a name: nothing an import could recreate.
    steps: workflow.steps.flatMap((step) =>
      step.taskId && commandNames.has(step.taskId)
        ? [
            {
              command: commandNames.get(step.taskId)!,
              continueOnError: step.continueOnError,
              timeoutSeconds: step.timeoutSeconds,
              ...stepControlForm(step),
            },
          ]
        : [],
    ),
  };
}

/**
 * The file's workflow after CreateWorkflowSchema, whose task ids are still the commands' names and
 * run-after workflow ids the workflows' names; `approvers` are the addresses the file named.
 */
export function workflowFromData(
  data: CreateWorkflowData,
  approvers: readonly string[] = [],
  runnerName: string | null = null,
): FileWorkflow {
  const options = new Map((data.stepOptions ?? []).map((option) => [option.taskId, option]));
  const links = linksFromData(data, approvers);
  return {
    name: data.name,
    description: data.description,
    status: data.status,
    dueDate: isoOrNull(data.dueDate),
    timeoutSeconds: data.timeoutSeconds ?? DEFAULT_RUN_TIMEOUT_SECONDS,
    concurrencyPolicy: data.concurrencyPolicy ?? "skip",
    runnerLabels: data.runnerLabels ?? [],
    target: targetForm(data.target ?? DEFAULT_TARGET, runnerName),
    secrets: data.secrets ?? [],
    approval: links.approval,
    respectFreezeWindows: links.respectFreezeWindows,
    confirmName: links.confirmName,
    schedule: scheduleForm(data.schedule),
    parameters: parametersForm(data.parameters),
    scheduleParameters: ordered(
      Object.fromEntries(Object.entries(data.scheduleParameters).filter(([, value]) => value !== null && value !== "")),
      [],
    ),
    runAfter: links.runAfter,
    steps: data.taskIds.map((command) => ({
      command,
      continueOnError: options.get(command)?.continueOnError ?? false,
      timeoutSeconds: options.get(command)?.timeoutSeconds ?? null,
      ...stepControlForm(options.get(command)),
    })),
  };
}

export function ruleFromApi(rule: NotificationRule, emails: ReadonlyMap<string, string>): FileRule {
  return {
    name: rule.name,
    enabled: rule.enabled,
    events: rule.events,
    longRunningMinutes: rule.longRunningMinutes,
    emailRoles: rule.emailRoles,
    emailMembers: rule.emailUserIds.flatMap((id) => (emails.has(id) ? [emails.get(id)!] : [])).sort(byCodePoint),
    // The URL is answered to admins by the API; the signing secret never leaves (decision 069).
    webhookUrl: rule.webhook?.url ?? null,
  };
}

export function ruleFromData(data: NotificationRuleData, emailMembers: readonly string[]): FileRule {
  return {
    name: data.name,
    enabled: data.enabled,
    events: data.events,
    longRunningMinutes: data.longRunningMinutes,
    emailRoles: data.emailRoles,
    emailMembers: [...new Set(emailMembers.map((email) => email.trim().toLowerCase()))].sort(byCodePoint),
    webhookUrl: data.webhookUrl,
  };
}

/** The fields whose values differ, each with the organization's value and the file's. */
export function fieldChanges<T extends Record<string, unknown>>(before: T, after: T, fields: readonly (keyof T)[]) {
  return fields.flatMap((field) =>
    JSON.stringify(before[field]) === JSON.stringify(after[field])
      ? []
      : [{ field: String(field), before: before[field], after: after[field] }],
  );
}
