import type { ImportError } from "@flowdeck/shared/import-export/schemas";
import { IMPORT_EXPORT_MESSAGES as M } from "@flowdeck/shared/import-export/messages";
import { RUN_AFTER_MESSAGES } from "@flowdeck/shared/workflows/messages";
import {
  CreateWorkflowSchema,
  type CreateWorkflowData,
  type UpdateWorkflowData,
} from "@flowdeck/shared/workflows/schemas";
import { createWorkflowIn, updateWorkflowIn } from "../workflows/change-workflow.ts";
import { KEPT_WHEN_ABSENT } from "./approval-and-run-after-form.ts";
import { fieldChanges, FIELDS, workflowFromData, type FileWorkflow } from "./file-form.ts";
import { canonical } from "./key-order.ts";
import type { OrganizationState } from "./organization-state.ts";
import { parseWithApiSchema, type Entry } from "./parse-document.ts";
import { KINDS, onLines, type Ids, type Path, type PlanContext, type Planned } from "./planned.ts";

/** A body's path as the file's: task ids and step options are the file's steps, ids are names and addresses. */
function workflowPath(path: Path): Path {
  const [head, index, ...rest] = path;
  if (head === "taskIds") return index === undefined ? ["steps"] : ["steps", index, "command"];
  if (head === "stepOptions") return index === undefined ? ["steps"] : ["steps", index, ...rest];
  if (head === "approval" && index === "memberIds") return ["approval", "members", ...rest];
  if (head === "target" && index === "runnerId") return ["target", "runner"];
  if (head === "runAfter" && rest[0] === "workflowId") return ["runAfter", index!, "workflow"];
  return path;
}

/**
 * A workflow of the file, checked as the API checks it and against what it names (commands,
 * secrets, approvers, the workflows it runs after), compared with the organization's of that name.
 * Approval, freeze windows, confirm-name and run-after that the file leaves out keep the
 * organization's values: a file exported before they were written must not take an approval away.
 */
export function planWorkflow(entry: Entry, state: OrganizationState, context: PlanContext): Planned | undefined {
  const { errors, scope } = context;
  const approval = approvalBody(entry, state);
  if (approval.problems.length > 0) return void errors.push(...approval.problems);
  const target = targetBody(entry, state);
  if (target.problems.length > 0) return void errors.push(...target.problems);
  const parsed = parseWithApiSchema(
    CreateWorkflowSchema,
    workflowBody(entry, approval.value, target.value),
    entry,
    workflowPath,
  );
  if ("errors" in parsed) return void errors.push(...parsed.errors);
  const data = parsed.data;
  const problems = [...referenceProblems(entry, data, state, context), ...stepOptionProblems(entry, data)];
  if (problems.length > 0) return void errors.push(...problems);

  const form = workflowFromData(data, approval.approvers, target.runner);
  const item = { kind: KINDS.workflows, key: data.name };
  const chain = {
    name: data.name,
    follows: data.runAfter?.map((entry) => entry.workflowId),
    line: entry.lineOf(["runAfter"]),
  };
  const stored = state.workflows.get(data.name);
  const withIds = (ids: Ids) => ({
    taskIds: data.taskIds.map((name) => ids.commands.get(name)!),
    stepOptions: (data.stepOptions ?? []).map((option) => ({ ...option, taskId: ids.commands.get(option.taskId)! })),
    runAfter: data.runAfter?.map((follow) => ({ ...follow, workflowId: ids.workflows.get(follow.workflowId)! })),
  });
  if (!stored) {
    return {
      kind: "create",
      item,
      chain,
      apply: onLines(entry, workflowPath, async (tx, log, ids) => {
        const created = await createWorkflowIn(tx, log, { ...scope, input: { ...data, ...withIds(ids) } });
        ids.workflows.set(created.name, created.id);
      }),
    };
  }
  for (const field of KEPT_WHEN_ABSENT) {
    if (entry.raw[field] === undefined) Object.assign(form, { [field]: stored.form[field] });
  }
  const changes = fieldChanges(stored.form, form, FIELDS.workflows);
  if (changes.length === 0) return { kind: "unchanged", item, chain };
  const changed = new Set(changes.map((change) => change.field as keyof FileWorkflow));
  return {
    kind: "update",
    item: { ...item, changes },
    chain,
    apply: onLines(entry, workflowPath, async (tx, log, ids) => {
      const input: UpdateWorkflowData = {};
      if (changed.has("name")) input.name = data.name;
      if (changed.has("description")) input.description = data.description;
      if (changed.has("status")) input.status = data.status;
      if (changed.has("dueDate")) input.dueDate = data.dueDate ?? null;
      if (changed.has("timeoutSeconds")) input.timeoutSeconds = form.timeoutSeconds;
      if (changed.has("concurrencyPolicy")) input.concurrencyPolicy = data.concurrencyPolicy ?? "skip";
      if (changed.has("runnerLabels")) input.runnerLabels = form.runnerLabels;
      if (changed.has("target")) input.target = data.target;
      if (changed.has("secrets")) input.secrets = form.secrets;
      if (changed.has("approval")) input.approval = data.approval ?? null;
      if (changed.has("respectFreezeWindows")) input.respectFreezeWindows = form.respectFreezeWindows;
      if (changed.has("confirmName")) input.confirmName = form.confirmName;
      if (changed.has("schedule")) input.schedule = data.schedule;
      if (changed.has("parameters")) input.parameters = data.parameters;
      if (changed.has("schedule") || changed.has("parameters") || changed.has("scheduleParameters")) {
        input.scheduleParameters = data.scheduleParameters;
      }
      const { taskIds, stepOptions, runAfter } = withIds(ids);
      if (changed.has("runAfter")) input.runAfter = runAfter;
      if (changed.has("steps")) Object.assign(input, { taskIds, stepOptions });
      await updateWorkflowIn(tx, log, { ...scope, workflowId: stored.id, input });
    }),
  };
}

/** The API's body of the file's workflow: steps as task ids and options, run-after workflows by name still. */
function workflowBody(entry: Entry, approval: unknown, target: unknown) {
  const { steps, runAfter, ...rest } = entry.raw;
  const list = Array.isArray(steps) ? (steps as Record<string, unknown>[]) : undefined;
  return {
    ...rest,
    ...(approval !== undefined && { approval }),
    ...(target !== undefined && { target }),
    ...(runAfter !== undefined && {
      runAfter: Array.isArray(runAfter)
        ? runAfter.map((follow: Record<string, unknown> | null) => ({
            workflowId: follow?.workflow,
            on: follow?.on,
            parameters: follow?.parameters,
          }))
        : runAfter,
    }),
    taskIds: list ? list.map((step) => step?.command) : steps,
    ...(list && {
      stepOptions: list.map((step) => ({
        taskId: step?.command,
        continueOnError: step?.continueOnError,
        timeoutSeconds: step?.timeoutSeconds,
        retry: step?.retry,
        runIf: step?.runIf,
      })),
    }),
  };
}

/** The file's target with its chosen runner's name as the runner's id the API takes (decision 080). */
function targetBody(entry: Entry, state: OrganizationState) {
  const raw = entry.raw.target;
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { value: raw, runner: null, problems: [] };
  const { runner, ...rest } = raw as Record<string, unknown>;
  if (typeof runner !== "string" || rest.mode !== "runner") return { value: rest, runner: null, problems: [] };
  const runnerId = state.runners.get(runner);
  if (!runnerId) {
    return {
      value: rest,
      runner,
      problems: [{ line: entry.lineOf(["target", "runner"]), message: M.missingRunner(runner) }],
    };
  }
  return { value: { ...rest, runnerId }, runner, problems: [] };
}

/** The file's approval with its approvers' addresses as the members' ids the API takes. */
function approvalBody(entry: Entry, state: OrganizationState) {
  const raw = entry.raw.approval;
  const none = { value: raw, approvers: [] as string[], problems: [] as ImportError[] };
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return none;
  const { members, ...rest } = raw as Record<string, unknown>;
  if (members === undefined || members === null) return { ...none, value: rest };
  const line = (path: Path) => entry.lineOf(["approval", "members", ...path]);
  if (!Array.isArray(members))
    return { ...none, problems: [{ line: line([]), message: M.notAList("approval.members") }] };
  const approvers = members.map((email) => String(email).trim().toLowerCase());
  return {
    value: { ...rest, memberIds: approvers.map((email) => state.members.get(email)) },
    approvers,
    problems: approvers.flatMap((email, index) =>
      state.members.has(email) ? [] : [{ line: line([index]), message: M.missingMember(email) }],
    ),
  };
}

/** Secrets the organization lacks, and workflows to run after that are in neither the file nor the organization. */
function referenceProblems(
  entry: Entry,
  data: CreateWorkflowData,
  state: OrganizationState,
  { workflowNames }: PlanContext,
): ImportError[] {
  const secrets = (data.secrets ?? []).flatMap((name, index) =>
    state.secretNames.has(name) ? [] : [{ line: entry.lineOf(["secrets", index]), message: M.missingSecret(name) }],
  );
  const followed = (data.runAfter ?? []).flatMap(({ workflowId: name }, index) => {
    const line = entry.lineOf(["runAfter", index, "workflow"]);
    if (name === data.name) return [{ line, message: RUN_AFTER_MESSAGES.self }];
    if (workflowNames.has(name)) return [];
    if (state.duplicates.workflows.includes(name)) {
      return [{ line, message: M.duplicateInOrganization("workflows", name) }];
    }
    return state.workflows.has(name) ? [] : [{ line, message: M.missingWorkflow(name) }];
  });
  return [...secrets, ...followed];
}

/** A command listed twice must have one set of options: a workflow keeps one per command. */
function stepOptionProblems(entry: Entry, data: CreateWorkflowData): ImportError[] {
  const problems: ImportError[] = [];
  const options = new Map<string, string>();
  (data.stepOptions ?? []).forEach((option, index) => {
    const key = JSON.stringify(canonical([option.continueOnError, option.timeoutSeconds, option.retry, option.runIf]));
    if (options.has(option.taskId) && options.get(option.taskId) !== key) {
      problems.push({ line: entry.lineOf(["steps", index]), message: M.stepOptionsDiffer(option.taskId) });
    }
    options.set(option.taskId, key);
  });
  return problems;
}

export function missingCommands(entry: Entry, names: ReadonlySet<string>): ImportError[] {
  const steps = entry.raw.steps;
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((step: Record<string, unknown> | null, index) => {
    const name = typeof step?.command === "string" ? step.command.trim() : "";
    return name && !names.has(name)
      ? [{ line: entry.lineOf(["steps", index, "command"]), message: M.missingCommand(name) }]
      : [];
  });
}
