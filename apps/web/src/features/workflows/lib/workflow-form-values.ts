import type { ConcurrencyPolicy, ScheduleType, WorkflowStatus } from "@flowdeck/shared/workflows/constants";
import {
  CreateWorkflowSchema,
  type CreateWorkflowData,
  type CreateWorkflowInput,
  type UpdateWorkflowInput,
  type Workflow,
} from "@flowdeck/shared/workflows/schemas";
import type { ParameterValue } from "@flowdeck/shared/workflows/parameters";
import type { Role } from "@flowdeck/shared";
import { z } from "zod";
import { endOfLocalDay, localDate } from "@/lib/local-day.ts";
import type { ZodForm } from "@/lib/use-zod-form.ts";
import {
  runAfterFormField,
  runAfterToForm,
  runAfterToInput,
  sameRunAfter,
  type RunAfterFormValues,
} from "./run-after-form-values.ts";
import { stepControlFromForm, stepControlToForm, type StepControlValues } from "./step-control-values.ts";
import {
  parameterFormField,
  parameterToForm,
  parameterToInput,
  type ParameterFormValues,
} from "./parameter-form-values.ts";
import {
  emptyTargetForm,
  targetFormField,
  targetToForm,
  targetToInput,
  type TargetFormValues,
} from "./target-form-values.ts";

/** What the workflow form's fields hold, as typed, before the shared schema trims and checks it. */
export type WorkflowFormValues = {
  name: string;
  description: string;
  /** Draft or active from the form; a workflow being worked on keeps its own status until changed. */
  status: WorkflowStatus;
  /** yyyy-mm-dd from the date input, or empty. */
  dueDate: string;
  /** The chosen commands, in order. */
  taskIds: string[];
  scheduleEnabled: boolean;
  scheduleType: Exclude<ScheduleType, "manual">;
  date: string;
  time: string;
  dayOfWeek: string;
  dayOfMonth: string;
  /** Five cron fields, for a cron schedule. */
  expression: string;
  /** Executed runs: the workflow's timeout in minutes, as typed. */
  timeoutMinutes: string;
  /** Comma separated runner labels. */
  runnerLabels: string;
  /** Where its runs go: any one matching runner, a chosen one, or every one (decision 080). */
  target: TargetFormValues;
  /** The chosen commands whose step lets the run go on when it fails. */
  continueOnError: string[];
  /** Each chosen command's retry and "Run this step", by its id (decision 072). */
  stepControl: Record<string, StepControlValues>;
  /** Due while a run is under way: skip, queue or cancel (decision 028). */
  concurrencyPolicy: ConcurrencyPolicy;
  /** The organization's secrets its steps are given, by name. */
  secrets: string[];
  /** The typed inputs a run is given, in the order the Run now form shows them (decision 061). */
  parameters: ParameterFormValues[];
  /** The values the schedule's runs are given, by parameter name. */
  scheduleParameters: Record<string, ParameterValue>;
  /** "Requires approval" (decision 067): admins and owners set it; others see it read-only. */
  requiresApproval: boolean;
  /** The lowest role that may approve, or "" for the named members only. */
  approvalMinRole: Role | "";
  approvalMemberIds: string[];
  /** How many approvals, "1" to "3". */
  approvals: string;
  /** How long a request waits, in hours, as typed. */
  approvalExpiryHours: string;
  respectFreezeWindows: boolean;
  /** "Ask to type the workflow's name before running". */
  confirmName: boolean;
  /** The workflows whose end starts this one, with its parameters mapped from their runs (decision 073). */
  runAfter: RunAfterFormValues[];
};

export function emptyWorkflowForm(): WorkflowFormValues {
  return {
    name: "",
    description: "",
    status: "active",
    dueDate: "",
    taskIds: [],
    scheduleEnabled: false,
    scheduleType: "daily",
    date: "",
    time: "09:00",
    dayOfWeek: "1",
    dayOfMonth: "1",
    expression: "",
    timeoutMinutes: "60",
    runnerLabels: "",
    target: emptyTargetForm(),
    continueOnError: [],
    stepControl: {},
    concurrencyPolicy: "skip",
    secrets: [],
    parameters: [],
    scheduleParameters: {},
    requiresApproval: false,
    approvalMinRole: "admin",
    approvalMemberIds: [],
    approvals: "1",
    approvalExpiryHours: "24",
    respectFreezeWindows: false,
    confirmName: false,
    runAfter: [],
  };
}

export function workflowToForm(workflow: Workflow): WorkflowFormValues {
  const { schedule } = workflow;
  const empty = emptyWorkflowForm();
  return {
    name: workflow.name,
    description: workflow.description,
    status: workflow.status,
    dueDate: workflow.dueDate ? localDate(new Date(workflow.dueDate)) : "",
    taskIds: workflow.steps.flatMap((step) => (step.taskId ? [step.taskId] : [])),
    scheduleEnabled: schedule.isEnabled && schedule.type !== "manual",
    scheduleType: schedule.type === "manual" ? empty.scheduleType : schedule.type,
    date: schedule.date ?? empty.date,
    time: schedule.time ?? empty.time,
    dayOfWeek: schedule.dayOfWeek ?? empty.dayOfWeek,
    dayOfMonth: schedule.dayOfMonth ?? empty.dayOfMonth,
    expression: schedule.expression ?? empty.expression,
    timeoutMinutes: String(Math.round((workflow.timeoutSeconds / 60) * 100) / 100),
    runnerLabels: workflow.runnerLabels.join(", "),
    target: targetToForm(workflow.target),
    continueOnError: workflow.steps.flatMap((step) => (step.taskId && step.continueOnError ? [step.taskId] : [])),
    stepControl: stepControlToForm(workflow.steps),
    concurrencyPolicy: workflow.concurrencyPolicy,
    secrets: workflow.secrets,
    parameters: workflow.parameters.map(parameterToForm),
    scheduleParameters: workflow.scheduleParameters,
    requiresApproval: workflow.approval !== null,
    approvalMinRole: workflow.approval ? (workflow.approval.minRole ?? "") : empty.approvalMinRole,
    approvalMemberIds: workflow.approval?.memberIds ?? [],
    approvals: String(workflow.approval?.approvals ?? 1),
    approvalExpiryHours: workflow.approval
      ? String(Math.round((workflow.approval.expiresAfterMinutes / 60) * 100) / 100)
      : empty.approvalExpiryHours,
    respectFreezeWindows: workflow.respectFreezeWindows,
    confirmName: workflow.confirmName,
    runAfter: runAfterToForm(workflow.runAfter),
  };
}

/** The approval as sent: null without one; numbers as typed, so the server's message explains a bad one. */
function formApproval(values: WorkflowFormValues): CreateWorkflowInput["approval"] {
  if (!values.requiresApproval) return null;
  const hours = values.approvalExpiryHours.trim();
  return {
    minRole: values.approvalMinRole === "" ? null : values.approvalMinRole,
    memberIds: values.approvalMemberIds,
    approvals: Number(values.approvals),
    expiresAfterMinutes: hours === "" ? Number.NaN : Math.round(Number(hours) * 60),
  };
}

/** What executed runs of the workflow follow: its timeout, runner labels and each step's options. */
function formRunSettings(values: WorkflowFormValues, steps: Workflow["steps"] = []) {
  const minutes = Number(values.timeoutMinutes.trim());
  return {
    // A blank or impossible number goes to the server as is, so its message explains it.
    timeoutSeconds: values.timeoutMinutes.trim() === "" ? Number.NaN : Math.round(minutes * 60),
    runnerLabels: values.runnerLabels
      .split(",")
      .map((label) => label.trim())
      .filter(Boolean),
    stepOptions: values.taskIds.map((taskId) => ({
      taskId,
      continueOnError: values.continueOnError.includes(taskId),
      // Kept as set through the API; the form does not edit per-step timeouts.
      timeoutSeconds: steps.find((step) => step.taskId === taskId)?.timeoutSeconds ?? null,
      ...stepControlFromForm(values.stepControl[taskId]),
    })),
    concurrencyPolicy: values.concurrencyPolicy,
    secrets: values.secrets,
    ...formParameters(values),
  };
}

/** The declaration, and the schedule's values of the parameters still declared. */
function formParameters(values: WorkflowFormValues) {
  const names = values.parameters.map((parameter) => parameter.name);
  return {
    parameters: values.parameters.map(parameterToInput),
    scheduleParameters: Object.fromEntries(
      Object.entries(values.scheduleParameters).filter(([name]) => names.includes(name)),
    ),
  };
}

/** "Run after" as sent: pointers only for the parameters the form declares. */
function formRunAfter(values: WorkflowFormValues) {
  return runAfterToInput(
    values.runAfter,
    values.parameters.map((parameter) => parameter.name.trim()),
  );
}

/** The schedule as sent: a disabled one is manual and not enabled (spec 5). */
export function formSchedule(values: WorkflowFormValues): NonNullable<CreateWorkflowInput["schedule"]> {
  if (!values.scheduleEnabled) return { type: "manual", isEnabled: false };
  return {
    type: values.scheduleType,
    isEnabled: true,
    date: values.date,
    time: values.time,
    dayOfWeek: values.dayOfWeek,
    dayOfMonth: values.dayOfMonth,
    expression: values.expression,
  };
}

/** The POST body for the form's values. */
export function formToCreateInput(values: WorkflowFormValues): CreateWorkflowInput {
  return {
    name: values.name,
    description: values.description,
    status: values.status === "draft" ? "draft" : "active",
    dueDate: values.dueDate ? endOfLocalDay(values.dueDate) : null,
    taskIds: values.taskIds,
    schedule: formSchedule(values),
    ...formRunSettings(values),
    target: targetToInput(values.target),
    approval: formApproval(values),
    respectFreezeWindows: values.respectFreezeWindows,
    confirmName: values.confirmName,
    runAfter: formRunAfter(values),
  };
}

/**
 * The PATCH body: the command list only when it changed (so steps whose command was deleted
 * stay), and the status only when the person picked another one.
 */
export function formToUpdateInput(values: WorkflowFormValues, workflow: Workflow): UpdateWorkflowInput {
  const before = workflowToForm(workflow);
  const input: UpdateWorkflowInput = {
    name: values.name,
    description: values.description,
    dueDate: values.dueDate ? endOfLocalDay(values.dueDate) : null,
    schedule: formSchedule(values),
    ...formRunSettings(values, workflow.steps),
  };
  if (!sameList(values.taskIds, before.taskIds)) input.taskIds = values.taskIds;
  // Sent only when changed: a save that leaves it alone never trips over a runner revoked since.
  const target = targetToInput(values.target);
  if (JSON.stringify(target) !== JSON.stringify(targetToInput(before.target))) input.target = target;
  // Only admins and owners change the guardrails: sent only when changed, so an editor's save works.
  if (JSON.stringify(formApproval(values)) !== JSON.stringify(formApproval(before))) {
    input.approval = formApproval(values);
  }
  if (values.respectFreezeWindows !== before.respectFreezeWindows) {
    input.respectFreezeWindows = values.respectFreezeWindows;
  }
  if (values.confirmName !== workflow.confirmName) input.confirmName = values.confirmName;
  // Sent only when changed: a workflow it followed may have been deleted since the form opened.
  const runAfter = formRunAfter(values);
  if (!sameRunAfter(runAfter, workflow.runAfter)) input.runAfter = runAfter;
  if (values.status !== workflow.status && (values.status === "draft" || values.status === "active")) {
    input.status = values.status;
  }
  return input;
}

function sameList(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

const FORM_FIELDS = new Set([
  "name",
  "description",
  "status",
  "dueDate",
  "taskIds",
  "runnerLabels",
  "concurrencyPolicy",
  "secrets",
]);
const SCHEDULE_FIELDS = new Set(["date", "time", "dayOfWeek", "dayOfMonth", "expression"]);
const APPROVAL_FIELDS: Record<string, string> = {
  minRole: "approvalMinRole",
  memberIds: "approvalMemberIds",
  approvals: "approvals",
  expiresAfterMinutes: "approvalExpiryHours",
};

/**
 * Where the form shows the message for an API path: a schedule's part under its field, the timeout
 * under the minutes, a label or a chosen command under its list; anything else (a field the form
 * does not show) as the form's own message.
 */
export function workflowFormField(path: string): string {
  const [head = "", next = ""] = path.split(".");
  if (head === "schedule") return SCHEDULE_FIELDS.has(next) ? next : "root.server";
  if (head === "timeoutSeconds") return "timeoutMinutes";
  if (head === "parameters") return parameterFormField(next, path.split(".")[2] ?? "");
  if (head === "scheduleParameters") return next ? `scheduleParameters.${next}` : "scheduleParameters";
  if (head === "approval") return APPROVAL_FIELDS[next] ?? "approvalMinRole";
  if (head === "runAfter") return runAfterFormField(path);
  if (head === "target") return targetFormField(path);
  return FORM_FIELDS.has(head) ? head : "root.server";
}

/** The form's values checked by the server's own schema; the output is the POST body. */
export const WorkflowFormSchema = z.custom<WorkflowFormValues>().transform((values, context) => {
  const parsed = CreateWorkflowSchema.safeParse(formToCreateInput(values));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const path = workflowFormField(issue.path.join("."));
    context.addIssue({ code: "custom", message: issue.message, path: path.split(".") });
  }
  return z.NEVER;
});

export type WorkflowForm = ZodForm<WorkflowFormValues, CreateWorkflowData>;
