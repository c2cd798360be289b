import { randomUUID } from "node:crypto";
import { AppError } from "@flowdeck/shared";
import { STEP_CONTROL_MESSAGES, WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { RunIf } from "@flowdeck/shared/workflows/step-control";
import { statusForProgress, progressPercent } from "@flowdeck/shared/workflows/progress";
import { nextExecution, type NormalizedSchedule } from "@flowdeck/shared/workflows/schedule";
import { givenValues, type Parameter, type ParameterValue } from "@flowdeck/shared/workflows/parameters";
import type { CreateWorkflowData, UpdateWorkflowData, Workflow } from "@flowdeck/shared/workflows/schemas";
import type { Executor } from "../../db/database.ts";
import { actorRole, attributedUserId } from "../../lib/actor.ts";
import { maySetGuardrails, samePolicy, type ApprovalPolicy } from "@flowdeck/shared/runs/approvals";
import { APPROVAL_MESSAGES } from "@flowdeck/shared/runs/messages";
import { findMemberIds } from "../members/repository.ts";
import { changesBetween } from "../../lib/audit-changes.ts";
import { transact, type ChangeLog, type OrgScope } from "../../lib/change-log.ts";
import { runIdempotent, type Idempotency } from "../../lib/idempotency.ts";
import { findTasksByIds, type TaskSummary } from "../tasks/repository.ts";
import { loadWorkflow } from "./load-workflow.ts";
import { setRunAfter } from "./set-run-after.ts";
import { cancelChecklistUnderWay } from "../runs/lifecycle.ts";
import { requireSecrets } from "../secrets/for-runs.ts";
import { checkedTarget } from "./check-target.ts";
import { checkParameterValues } from "../runs/run-parameters.ts";
import {
  countSteps,
  deleteStepsByIds,
  deleteWorkflow as deleteWorkflowRows,
  insertSteps,
  insertWorkflow,
  listSteps,
  lockCommands,
  lockWorkflow,
  organizationTimezone,
  setStepOptions,
  setStepPositions,
  updateWorkflow as updateWorkflowRow,
  type LockedWorkflow,
  type NewStep,
  type WorkflowValues,
} from "./repository.ts";

type Change = OrgScope & { now?: Date };
/** Who changes what, in which organization, when a caller holds the transaction. */
type InTransaction = Pick<OrgScope, "organizationId" | "actor"> & { now?: Date };

/** What the audit log shows of a workflow's change (steps by their command names). */
const AUDITED_FIELDS = [
  "name",
  "description",
  "status",
  "dueDate",
  "schedule",
  "commands",
  "parameters",
  "scheduleParameters",
  "secrets",
  "approval",
  "respectFreezeWindows",
  "confirmName",
  "runAfter",
] as const;

export function auditedWorkflow(workflow: Workflow) {
  return { ...workflow, commands: workflow.steps.map((step) => step.name) };
}

/** POST: the workflow with its chosen commands as steps, in order, and its next execution. */
export async function createWorkflow({
  input,
  idempotency,
  now = new Date(),
  ...scope
}: Change & { input: CreateWorkflowData; idempotency: Idempotency | null }): Promise<Workflow> {
  return runIdempotent({
    context: scope,
    idempotency,
    work: (tx, log) => createWorkflowIn(tx, log, { ...scope, input, now }),
  });
}

/** A new workflow, inside a transaction someone else holds (the route's, or an import's). */
export async function createWorkflowIn(
  tx: Executor,
  log: ChangeLog,
  { input, now = new Date(), organizationId, actor }: InTransaction & { input: CreateWorkflowData },
): Promise<Workflow> {
  const commands = await requireCommands(tx, organizationId, input.taskIds, new Set());
  if (input.secrets) await requireSecrets(tx, organizationId, input.secrets, "secrets");
  const guardrails = await guardrailValues(tx, { organizationId, actor }, input, {
    approval: null,
    respectFreezeWindows: false,
  });
  const { id } = await insertWorkflow(tx, organizationId, {
    name: input.name,
    description: input.description,
    status: input.status,
    dueDate: input.dueDate ? new Date(input.dueDate) : null,
    taskCount: input.taskIds.length,
    createdBy: attributedUserId(actor),
    ...(input.timeoutSeconds !== undefined && { timeoutSeconds: input.timeoutSeconds }),
    ...(input.runnerLabels !== undefined && { runnerLabels: input.runnerLabels }),
    ...(input.target !== undefined && {
      target: await checkedTarget(tx, organizationId, input.target, input.runnerLabels ?? []),
    }),
    ...(input.secrets !== undefined && { secretNames: input.secrets }),
    ...(input.concurrencyPolicy !== undefined && { concurrencyPolicy: input.concurrencyPolicy }),
    ...(await scheduleValues(tx, organizationId, input.schedule, now)),
    parameters: input.parameters,
    scheduleParameters: scheduleParameterValues(input.parameters, input.schedule, input.scheduleParameters),
    ...guardrails,
    ...(input.confirmName !== undefined && { confirmName: input.confirmName }),
  });
  await insertSteps(
    tx,
    organizationId,
    id,
    input.taskIds.map((taskId, position) => newStep(commands.get(taskId)!, position)),
  );
  if (input.stepOptions) {
    requireDeclaredRunIf(input.stepOptions, input.parameters);
    await setStepOptions(tx, id, input.stepOptions);
  }
  if (input.runAfter) {
    await setRunAfter(tx, { organizationId, workflow: { id, parameters: input.parameters }, entries: input.runAfter });
  }
  const created = await loadWorkflow(tx, organizationId, id);
  log.record({
    action: "workflow.created",
    entityId: id,
    summary: `Created the workflow "${created.name}"`,
    changes: changesBetween(null, auditedWorkflow(created), AUDITED_FIELDS),
  });
  return created;
}

/**
 * PATCH: what the input carries. A new command list keeps the steps of commands still chosen
 * (with their progress) and adds the new ones as to do; a run under way is then cancelled, as it
 * is when the status is set by hand.
 */
export async function updateWorkflow({
  workflowId,
  input,
  now = new Date(),
  ...scope
}: Change & { workflowId: string; input: UpdateWorkflowData }): Promise<Workflow> {
  return transact(scope, (tx, log) => updateWorkflowIn(tx, log, { ...scope, workflowId, input, now }));
}

/** A workflow's change, inside a transaction someone else holds (the route's, or an import's). */
export async function updateWorkflowIn(
  tx: Executor,
  log: ChangeLog,
  {
    workflowId,
    input,
    now = new Date(),
    organizationId,
    actor,
  }: InTransaction & { workflowId: string; input: UpdateWorkflowData },
): Promise<Workflow> {
  const current = await lockOrThrow(tx, organizationId, workflowId);
  const before = await loadWorkflow(tx, organizationId, workflowId);
  const userId = attributedUserId(actor);
  const values: Partial<WorkflowValues> = { updatedBy: userId };
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description;
  if (input.dueDate !== undefined) values.dueDate = input.dueDate ? new Date(input.dueDate) : null;
  if (input.timeoutSeconds !== undefined) values.timeoutSeconds = input.timeoutSeconds;
  if (input.runnerLabels !== undefined) values.runnerLabels = input.runnerLabels;
  if (input.target !== undefined || (input.runnerLabels !== undefined && current.target.mode === "runner")) {
    values.target = await checkedTarget(
      tx,
      organizationId,
      input.target ?? current.target,
      input.runnerLabels ?? current.runnerLabels,
    );
  }
  if (input.secrets !== undefined) {
    // Only names added now must exist: one deleted since still shows, and Run now names it.
    const added = input.secrets.filter((name) => !current.secretNames.includes(name));
    await requireSecrets(tx, organizationId, added, "secrets");
    values.secretNames = input.secrets;
  }
  if (input.concurrencyPolicy !== undefined) values.concurrencyPolicy = input.concurrencyPolicy;
  Object.assign(values, await guardrailValues(tx, { organizationId, actor }, input, current));
  if (input.confirmName !== undefined) values.confirmName = input.confirmName;
  if (input.schedule) {
    Object.assign(values, await scheduleValues(tx, organizationId, input.schedule, now, current.schedule));
  }
  if (input.parameters) values.parameters = input.parameters;
  if (input.parameters || input.schedule || input.scheduleParameters) {
    const declaration = input.parameters ?? current.parameters;
    // Values saved for a parameter no longer declared go with it; values sent are all checked.
    const saved =
      input.scheduleParameters ??
      keepDeclared(
        current.scheduleParameters,
        declaration.map((item) => item.name),
      );
    values.scheduleParameters = scheduleParameterValues(declaration, input.schedule ?? current.schedule, saved);
  }
  const statusSet = input.status !== undefined && input.status !== current.status;
  if (statusSet) {
    values.status = input.status;
    await cancelChecklistUnderWay(tx, log, { workflow: current, now });
  }
  if (input.taskIds && (await replaceSteps(tx, current, input.taskIds))) {
    await cancelChecklistUnderWay(tx, log, { workflow: current, now });
    Object.assign(values, await countsAfterChange(tx, current, { statusSet, userId, now }));
  }
  if (input.stepOptions) {
    requireDeclaredRunIf(input.stepOptions, input.parameters ?? current.parameters);
    await setStepOptions(tx, workflowId, input.stepOptions);
  } else if (input.parameters) {
    const chosen = input.taskIds;
    const kept = before.steps.filter((step) => !chosen || (step.taskId !== null && chosen.includes(step.taskId)));
    keepParametersStepsRunOn(kept, input.parameters);
  }
  if (input.runAfter) {
    const parameters = input.parameters ?? current.parameters;
    await setRunAfter(tx, { organizationId, workflow: { id: workflowId, parameters }, entries: input.runAfter });
  }
  await updateWorkflowRow(tx, organizationId, workflowId, values);
  const updated = await loadWorkflow(tx, organizationId, workflowId);
  log.record({
    action: "workflow.updated",
    entityId: workflowId,
    summary: `Changed the workflow "${updated.name}"`,
    changes: changesBetween(auditedWorkflow(before), auditedWorkflow(updated), AUDITED_FIELDS),
  });
  return updated;
}

/** DELETE: the workflow and all its steps in one transaction (spec 7); its runs go with it. */
export async function deleteWorkflow({ workflowId, ...scope }: Change & { workflowId: string }) {
  const { organizationId } = scope;
  await transact(scope, async (tx, log) => {
    const workflow = await lockOrThrow(tx, organizationId, workflowId);
    await deleteWorkflowRows(tx, organizationId, workflowId);
    log.record({
      action: "workflow.deleted",
      entityId: workflowId,
      summary: `Deleted the workflow "${workflow.name}"`,
    });
  });
  return { id: workflowId };
}

/** PUT steps/order: every step id once, in the new order (spec 7 "Reorder"). */
export async function reorderSteps({
  workflowId,
  stepIds,
  ...scope
}: Change & { workflowId: string; stepIds: string[] }): Promise<Workflow> {
  const { organizationId, actor } = scope;
  return transact(scope, async (tx, log) => {
    await lockOrThrow(tx, organizationId, workflowId);
    const before = await loadWorkflow(tx, organizationId, workflowId);
    const steps = await listSteps(tx, organizationId, [workflowId]);
    const known = new Set(steps.map((step) => step.id));
    const valid =
      stepIds.length === steps.length &&
      new Set(stepIds).size === stepIds.length &&
      stepIds.every((id) => known.has(id));
    if (!valid) {
      throw new AppError("invalid-argument", WORKFLOW_MESSAGES.reorderMismatch, {
        stepIds: WORKFLOW_MESSAGES.reorderMismatch,
      });
    }
    await setStepPositions(tx, workflowId, stepIds);
    await updateWorkflowRow(tx, organizationId, workflowId, { updatedBy: attributedUserId(actor) });
    const updated = await loadWorkflow(tx, organizationId, workflowId);
    log.record({
      action: "workflow.steps_reordered",
      entityId: workflowId,
      summary: `Reordered the steps of the workflow "${updated.name}"`,
      changes: changesBetween(auditedWorkflow(before), auditedWorkflow(updated), ["commands"]),
    });
    return updated;
  });
}

/**
 * A workflow's guardrails (decision 067): "Requires approval" and "Respect freeze windows", which
 * only admins and owners set or change — an editor's save that leaves them as they are goes
 * through. "Respect freeze windows" is on by default when approval is set. Named approvers must be
 * members. Only what changes is returned.
 */
async function guardrailValues(
  tx: Executor,
  scope: Pick<OrgScope, "organizationId" | "actor">,
  input: Pick<UpdateWorkflowData, "approval" | "respectFreezeWindows">,
  current: { approval: ApprovalPolicy | null; respectFreezeWindows: boolean },
): Promise<Partial<Pick<WorkflowValues, "approval" | "respectFreezeWindows">>> {
  const approval = input.approval === undefined ? current.approval : input.approval;
  const approvalSet = current.approval === null && approval !== null;
  const respect = input.respectFreezeWindows ?? (approvalSet ? true : current.respectFreezeWindows);
  const changed = !samePolicy(approval, current.approval) || respect !== current.respectFreezeWindows;
  if (!changed) return {};
  if (!maySetGuardrails(actorRole(scope.actor))) {
    throw new AppError("permission-denied", APPROVAL_MESSAGES.onlyAdminsSetApproval);
  }
  if (approval && approval.memberIds.length > 0) {
    const members = await findMemberIds(tx, { organizationId: scope.organizationId, userIds: approval.memberIds });
    if (approval.memberIds.some((id) => !members.has(id))) {
      throw new AppError("invalid-argument", APPROVAL_MESSAGES.notAMember, {
        "approval.memberIds": APPROVAL_MESSAGES.notAMember,
      });
    }
  }
  return { approval, respectFreezeWindows: respect };
}

export async function lockOrThrow(tx: Executor, organizationId: string, workflowId: string) {
  const workflow = await lockWorkflow(tx, organizationId, workflowId);
  if (!workflow) throw new AppError("not-found", WORKFLOW_MESSAGES.notFound);
  return workflow;
}

/**
 * The schedule with its next execution, read on the organization's clock (spec 9). A one-time
 * schedule whose moment has passed would be saved as enabled and never run: it is refused, unless
 * it is the schedule already stored (a one-time run that happened, kept while other fields change).
 */
async function scheduleValues(
  tx: Executor,
  organizationId: string,
  schedule: NormalizedSchedule,
  now: Date,
  stored?: NormalizedSchedule,
) {
  const timezone = await organizationTimezone(tx, organizationId);
  const next = nextExecution(schedule, { now, timezone });
  if (schedule.isEnabled && schedule.type === "once" && next === null && !sameSchedule(schedule, stored)) {
    const message = WORKFLOW_MESSAGES.oncePassed(timezone);
    throw new AppError("invalid-argument", message, { "schedule.date": message });
  }
  return { schedule, nextExecution: next, scheduleTimezone: timezone };
}

/**
 * The values saved for the schedule's runs, checked with the run's own builder (decision 061): a
 * bad value or an unknown name is refused; an enabled schedule must be able to start its runs, so
 * a required parameter with neither a default nor a saved value is refused too, naming it. A
 * workflow whose new declaration its schedule's values no longer fit is refused the same way.
 */
function scheduleParameterValues(
  declaration: readonly Parameter[],
  schedule: NormalizedSchedule,
  raw: Record<string, unknown>,
): Record<string, ParameterValue> {
  const runs = schedule.isEnabled && schedule.type !== "manual";
  const checked = runs ? declaration : declaration.map((parameter) => ({ ...parameter, required: false }));
  const parsed = checkParameterValues(checked, raw, {
    field: "scheduleParameters",
    context: "The schedule cannot start its runs",
  });
  return givenValues(raw, parsed);
}

/** The parameter a step runs on (decision 072), if it runs on one. */
function parameterOf(runIf: RunIf): string | null {
  return typeof runIf === "object" ? runIf.parameter : null;
}

/**
 * A step that runs on a parameter's value must name a parameter the workflow declares: on any
 * other it could never run, and nobody would be told why.
 */
function requireDeclaredRunIf(options: readonly { runIf: RunIf }[], declaration: readonly Parameter[]) {
  const fields: Record<string, string> = {};
  options.forEach((option, index) => {
    const name = parameterOf(option.runIf);
    if (name !== null && !declaration.some((parameter) => parameter.name === name)) {
      fields[`stepOptions.${index}.runIf`] = STEP_CONTROL_MESSAGES.runIfUnknownParameter(name);
    }
  });
  const [first] = Object.values(fields);
  if (first) throw new AppError("invalid-argument", first, fields);
}

/** A new declaration may not drop a parameter that a step, left as it is, runs on. */
function keepParametersStepsRunOn(steps: readonly { runIf: RunIf }[], declaration: readonly Parameter[]) {
  for (const step of steps) {
    const name = parameterOf(step.runIf);
    if (name !== null && !declaration.some((parameter) => parameter.name === name)) {
      const message = STEP_CONTROL_MESSAGES.runIfParameterInUse(name);
      throw new AppError("invalid-argument", message, { parameters: message });
    }
  }
}

function keepDeclared<T>(values: Record<string, T>, names: readonly string[]) {
  return Object.fromEntries(Object.entries(values).filter(([name]) => names.includes(name)));
}

function sameSchedule(schedule: NormalizedSchedule, stored: NormalizedSchedule | undefined): boolean {
  return (
    stored !== undefined &&
    stored.type === schedule.type &&
    stored.isEnabled === schedule.isEnabled &&
    stored.date === schedule.date &&
    stored.time === schedule.time
  );
}

/**
 * The commands behind `taskIds`, each an active command of this organization (spec 5: only active
 * tasks are selectable). A command already in the workflow may stay when it has been made
 * inactive since; it just cannot be chosen anew.
 */
async function requireCommands(
  tx: Executor,
  organizationId: string,
  taskIds: readonly string[],
  alreadyChosen: ReadonlySet<string>,
): Promise<Map<string, TaskSummary>> {
  await lockCommands(tx, organizationId, taskIds);
  const commands = new Map((await findTasksByIds(tx, organizationId, taskIds)).map((task) => [task.id, task]));
  const refused = taskIds.some((id) => {
    const command = commands.get(id);
    return !command || (command.status !== "active" && !alreadyChosen.has(id));
  });
  if (refused) {
    throw new AppError("invalid-argument", WORKFLOW_MESSAGES.tasksNotActive, {
      taskIds: WORKFLOW_MESSAGES.tasksNotActive,
    });
  }
  return commands;
}

function newStep(command: TaskSummary, position: number): NewStep {
  return {
    id: randomUUID(),
    taskId: command.id,
    name: command.name,
    category: command.category,
    description: command.description,
    position,
  };
}

/** Rebuilds the steps for a new list of commands; false when the list is the same as before. */
async function replaceSteps(tx: Executor, workflow: LockedWorkflow, taskIds: readonly string[]) {
  const steps = await listSteps(tx, workflow.organizationId, [workflow.id]);
  if (steps.length === taskIds.length && steps.every((step, index) => step.taskId === taskIds[index])) return false;
  const chosen = new Set(steps.flatMap((step) => (step.taskId ? [step.taskId] : [])));
  const commands = await requireCommands(tx, workflow.organizationId, taskIds, chosen);
  // Each command keeps its first unused step, progress and all; the rest are new.
  const unused = [...steps];
  const order: string[] = [];
  const added: NewStep[] = [];
  for (const [position, taskId] of taskIds.entries()) {
    const index = unused.findIndex((step) => step.taskId === taskId);
    if (index >= 0) {
      order.push(unused.splice(index, 1)[0]!.id);
    } else {
      const step = newStep(commands.get(taskId)!, position);
      added.push(step);
      order.push(step.id);
    }
  }
  await deleteStepsByIds(
    tx,
    workflow.id,
    unused.map((step) => step.id),
  );
  await insertSteps(tx, workflow.organizationId, workflow.id, added);
  await setStepPositions(tx, workflow.id, order);
  return true;
}

/** Counts and progress after the steps changed; a workflow being worked on gets its status recalculated. */
async function countsAfterChange(
  tx: Executor,
  workflow: LockedWorkflow,
  options: { statusSet: boolean; userId: string | null; now: Date },
): Promise<Partial<WorkflowValues>> {
  const { total, completed } = await countSteps(tx, workflow.id);
  const values: Partial<WorkflowValues> = {
    taskCount: total,
    completedTasks: completed,
    progress: progressPercent(completed, total),
  };
  if (options.statusSet || (workflow.status !== "in-progress" && workflow.status !== "completed")) return values;
  const status = statusForProgress(completed, total, "none");
  const done = status === "completed";
  return {
    ...values,
    status,
    completedAt: done ? (workflow.completedAt ?? options.now) : null,
    completedBy: done ? (workflow.completedAt ? workflow.completedBy : options.userId) : null,
  };
}
