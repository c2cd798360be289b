import { AppError } from "@flowdeck/shared";
import { IMPORT_EXPORT_MESSAGES as M } from "@flowdeck/shared/import-export/messages";
import type {
  ImportError,
  ImportItem,
  ImportKind,
  ImportPreview,
  ImportUpdate,
} from "@flowdeck/shared/import-export/schemas";
import { NotificationRuleInputSchema } from "@flowdeck/shared/notifications/schemas";
import { CreateTaskSchema, UpdateTaskSchema } from "@flowdeck/shared/tasks/schemas";
import { CreateWorkflowSchema, type UpdateWorkflowData } from "@flowdeck/shared/workflows/schemas";
import type { Executor } from "../../db/database.ts";
import { attributedUserId } from "../../lib/actor.ts";
import { announce, logged, type Announcement, type ChangeLog, type OrgScope } from "../../lib/change-log.ts";
import type { AllowList } from "../../lib/outbound/address-policy.ts";
import { createRuleIn, updateRuleIn } from "../notifications/service.ts";
import { createTaskIn, updateTaskIn } from "../tasks/service.ts";
import { createWorkflowIn, updateWorkflowIn } from "../workflows/change-workflow.ts";
import {
  commandFromData,
  fieldChanges,
  FIELDS,
  canonical,
  ruleFromData,
  workflowFromData,
  type FileWorkflow,
} from "./file-form.ts";
import { loadOrganizationState, type OrganizationState } from "./organization-state.ts";
import { parseImportFile, parseWithApiSchema, type Entry, type Section } from "./parse-document.ts";

type Path = readonly (string | number)[];
type Apply = (tx: Executor, log: ChangeLog, commandIds: Map<string, string>) => Promise<void>;
/** One thing of the file, checked: what the preview says of it and, when it changes, how to apply it. */
type Planned =
  | { kind: "create"; item: ImportItem; apply: Apply }
  | { kind: "update"; item: ImportUpdate; apply: Apply }
  | { kind: "unchanged"; item: ImportItem };

const KINDS: Record<Section, ImportKind> = {
  commands: "task",
  workflows: "workflow",
  notificationRules: "notification-rule",
};
const LABELS: Record<Section, string> = {
  commands: "commands",
  workflows: "workflows",
  notificationRules: "notification rules",
};

/** A refusal met while applying: its line in the file; the transaction is rolled back. */
class RefusedAt extends Error {
  constructor(readonly error: ImportError) {
    super(error.message);
  }
}
/** Ends a dry run's transaction without committing it. */
class DryRun extends Error {}

/**
 * Imports a YAML document (decision 069): checks every entry with the API's own schemas and what
 * it refers to, compares it by name with the organization, then applies what differs through the
 * same service functions the API's routes call (their rules, audit rows and live events), all in
 * one transaction, with one more audit row for the import. A dry run applies it too, to meet every
 * refusal the services would make, and rolls it back. With any error nothing is applied. Nothing
 * the file does not name is changed or deleted.
 */
export async function importDocument({
  text,
  dryRun,
  allow,
  ...scope
}: OrgScope & { text: string; dryRun: boolean; allow: AllowList }): Promise<ImportPreview> {
  const { db, organizationId } = scope;
  const parsed = parseImportFile(text);
  const preview: ImportPreview = { dryRun, applied: false, create: [], update: [], unchanged: [], errors: [] };
  if (parsed.errors.length > 0 && Object.values(parsed.entries).every((list) => list.length === 0)) {
    return { ...preview, errors: parsed.errors };
  }

  const state = await loadOrganizationState(db, organizationId);
  const errors: ImportError[] = [...parsed.errors];
  const commandNames = new Set(state.commands.keys());
  const plans: Planned[] = [];
  for (const section of ["commands", "workflows", "notificationRules"] as const) {
    const seen = new Set<string>();
    for (const entry of parsed.entries[section]) {
      const planned = planEntry(entry, state, { commandNames, errors, allow, scope });
      if (!planned) continue;
      const name = planned.item.key;
      if (seen.has(name))
        errors.push({ line: entry.lineOf(["name"]), message: M.duplicateInFile(LABELS[section], name) });
      else if (state.duplicates[section].includes(name)) {
        errors.push({ line: entry.lineOf(["name"]), message: M.duplicateInOrganization(LABELS[section], name) });
      }
      seen.add(name);
      if (section === "commands") commandNames.add(name);
      plans.push(planned);
    }
  }
  // Workflows were planned against every command name of the file and the organization.
  errors.push(...parsed.entries.workflows.flatMap((entry) => missingCommands(entry, commandNames)));
  for (const planned of plans) {
    if (planned.kind === "update") preview.update.push(planned.item);
    else preview[planned.kind].push(planned.item);
  }
  if (errors.length > 0) return { ...preview, errors: errors.sort((a, b) => a.line - b.line) };
  const changing = plans.filter((planned) => planned.kind !== "unchanged");
  if (changing.length === 0) return preview;

  let announcements: Announcement[] = [];
  try {
    await db.transaction(async (transaction) => {
      const done = await logged(scope, transaction, async (tx, log) => {
        const commandIds = new Map([...state.commands].map(([name, stored]) => [name, stored.id]));
        for (const planned of changing) await planned.apply(tx, log, commandIds);
        log.record({
          action: "organization.imported",
          entityId: organizationId,
          summary: `Imported a YAML document: ${preview.create.length} created, ${preview.update.length} changed`,
        });
      });
      if (dryRun) throw new DryRun();
      announcements = done.announcements;
    });
  } catch (error) {
    if (error instanceof DryRun) return preview;
    if (error instanceof RefusedAt) return { ...preview, errors: [error.error] };
    throw error;
  }
  await announce(scope, announcements);
  return { ...preview, applied: true };
}

type PlanContext = {
  commandNames: Set<string>;
  errors: ImportError[];
  allow: AllowList;
  scope: OrgScope;
};

function planEntry(entry: Entry, state: OrganizationState, context: PlanContext): Planned | undefined {
  if (entry.section === "commands") return planCommand(entry, state, context);
  if (entry.section === "workflows") return planWorkflow(entry, state, context);
  return planRule(entry, state, context);
}

/** Runs an apply step; a refusal of the services becomes an error on the line of its field. */
function onLines(entry: Entry, fileOf: (path: Path) => Path, apply: Apply): Apply {
  return async (tx, log, ids) => {
    try {
      await apply(tx, log, ids);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const field = Object.keys(error.fields ?? {})[0];
      const path = field ? fileOf(field.split(".")) : ["name"];
      throw new RefusedAt({ line: entry.lineOf(path), message: error.message });
    }
  };
}

function planCommand(entry: Entry, state: OrganizationState, { errors, scope }: PlanContext): Planned | undefined {
  const parsed = parseWithApiSchema(CreateTaskSchema, entry.raw, entry);
  if ("errors" in parsed) return void errors.push(...parsed.errors);
  const data = parsed.data;
  const form = commandFromData(data);
  const item = { kind: KINDS.commands, key: data.name };
  const stored = state.commands.get(data.name);
  const same = (path: Path) => path;
  if (!stored) {
    return {
      kind: "create",
      item,
      apply: onLines(entry, same, async (tx, log, ids) => {
        const created = await createTaskIn(tx, log, { ...scope, input: data });
        ids.set(created.name, created.id);
      }),
    };
  }
  const changes = fieldChanges(stored.form, form, FIELDS.commands);
  if (changes.length === 0) return { kind: "unchanged", item };
  const input = UpdateTaskSchema.parse(Object.fromEntries(changes.map(({ field, after }) => [field, after])));
  return {
    kind: "update",
    item: { ...item, changes },
    apply: onLines(entry, same, async (tx, log) => {
      await updateTaskIn(tx, log, { ...scope, taskId: stored.id, input });
    }),
  };
}

/** A body's path as the file's: task ids and step options are the file's steps. */
function workflowPath(path: Path): Path {
  const [head, index, ...rest] = path;
  if (head === "taskIds") return index === undefined ? ["steps"] : ["steps", index, "command"];
  if (head === "stepOptions") return index === undefined ? ["steps"] : ["steps", index, ...rest];
  return path;
}

function planWorkflow(entry: Entry, state: OrganizationState, { errors, scope }: PlanContext): Planned | undefined {
  const { steps, ...rest } = entry.raw;
  const list = Array.isArray(steps) ? (steps as Record<string, unknown>[]) : undefined;
  const body = {
    ...rest,
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
  const parsed = parseWithApiSchema(CreateWorkflowSchema, body, entry, workflowPath);
  if ("errors" in parsed) return void errors.push(...parsed.errors);
  const data = parsed.data;
  const problems: ImportError[] = [];
  (data.secrets ?? []).forEach((name, index) => {
    if (!state.secretNames.has(name))
      problems.push({ line: entry.lineOf(["secrets", index]), message: M.missingSecret(name) });
  });
  const options = new Map<string, string>();
  (data.stepOptions ?? []).forEach((option, index) => {
    const key = JSON.stringify(canonical([option.continueOnError, option.timeoutSeconds, option.retry, option.runIf]));
    if (options.has(option.taskId) && options.get(option.taskId) !== key) {
      problems.push({ line: entry.lineOf(["steps", index]), message: M.stepOptionsDiffer(option.taskId) });
    }
    options.set(option.taskId, key);
  });
  if (problems.length > 0) return void errors.push(...problems);

  const form = workflowFromData(data);
  const item = { kind: KINDS.workflows, key: data.name };
  const stored = state.workflows.get(data.name);
  const withIds = (ids: Map<string, string>) => ({
    taskIds: data.taskIds.map((name) => ids.get(name)!),
    stepOptions: (data.stepOptions ?? []).map((option) => ({ ...option, taskId: ids.get(option.taskId)! })),
  });
  if (!stored) {
    return {
      kind: "create",
      item,
      apply: onLines(entry, workflowPath, async (tx, log, ids) => {
        await createWorkflowIn(tx, log, { ...scope, input: { ...data, ...withIds(ids) } });
      }),
    };
  }
  const changes = fieldChanges(stored.form, form, FIELDS.workflows);
  if (changes.length === 0) return { kind: "unchanged", item };
  const changed = new Set(changes.map((change) => change.field as keyof FileWorkflow));
  return {
    kind: "update",
    item: { ...item, changes },
    apply: onLines(entry, workflowPath, async (tx, log, ids) => {
      const input: UpdateWorkflowData = {};
      if (changed.has("name")) input.name = data.name;
      if (changed.has("description")) input.description = data.description;
      if (changed.has("status")) input.status = data.status;
      if (changed.has("dueDate")) input.dueDate = data.dueDate ?? null;
      if (changed.has("timeoutSeconds")) input.timeoutSeconds = form.timeoutSeconds;
      if (changed.has("concurrencyPolicy")) input.concurrencyPolicy = data.concurrencyPolicy ?? "skip";
      if (changed.has("runnerLabels")) input.runnerLabels = form.runnerLabels;
      if (changed.has("secrets")) input.secrets = form.secrets;
      if (changed.has("schedule")) input.schedule = data.schedule;
      if (changed.has("parameters")) input.parameters = data.parameters;
      if (changed.has("schedule") || changed.has("parameters") || changed.has("scheduleParameters")) {
        input.scheduleParameters = data.scheduleParameters;
      }
      if (changed.has("steps")) Object.assign(input, withIds(ids));
      await updateWorkflowIn(tx, log, { ...scope, workflowId: stored.id, input });
    }),
  };
}

function missingCommands(entry: Entry, names: ReadonlySet<string>): ImportError[] {
  const steps = entry.raw.steps;
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((step: Record<string, unknown> | null, index) => {
    const name = typeof step?.command === "string" ? step.command.trim() : "";
    return name && !names.has(name)
      ? [{ line: entry.lineOf(["steps", index, "command"]), message: M.missingCommand(name) }]
      : [];
  });
}

function rulePath(path: Path): Path {
  return path[0] === "emailUserIds" ? ["emailMembers", ...path.slice(1)] : path;
}

function planRule(entry: Entry, state: OrganizationState, { errors, allow, scope }: PlanContext): Planned | undefined {
  const { emailMembers, ...rest } = entry.raw;
  const emails = Array.isArray(emailMembers) ? emailMembers.map((email) => String(email).trim().toLowerCase()) : [];
  if (emailMembers !== undefined && emailMembers !== null && !Array.isArray(emailMembers)) {
    return void errors.push({ line: entry.lineOf(["emailMembers"]), message: M.notAList("emailMembers") });
  }
  const missing = emails.flatMap((email, index) =>
    state.members.has(email) ? [] : [{ line: entry.lineOf(["emailMembers", index]), message: M.missingMember(email) }],
  );
  if (missing.length > 0) return void errors.push(...missing);
  const body = { ...rest, emailUserIds: emails.map((email) => state.members.get(email)!), webhookSecret: "" };
  const parsed = parseWithApiSchema(NotificationRuleInputSchema, body, entry, rulePath);
  if ("errors" in parsed) return void errors.push(...parsed.errors);
  const data = parsed.data;
  const form = ruleFromData(data, emails);
  const item = { kind: KINDS.notificationRules, key: data.name };
  const stored = state.rules.get(data.name);
  if (!stored) {
    return {
      kind: "create",
      item,
      apply: onLines(entry, rulePath, async (tx, log) => {
        await createRuleIn(tx, log, { ...scope, userId: attributedUserId(scope.actor), input: data, allow });
      }),
    };
  }
  const changes = fieldChanges(stored.form, form, FIELDS.notificationRules);
  if (changes.length === 0) return { kind: "unchanged", item };
  return {
    kind: "update",
    item: { ...item, changes },
    apply: onLines(entry, rulePath, async (tx, log) => {
      await updateRuleIn(tx, log, { ...scope, ruleId: stored.id, input: data, allow });
    }),
  };
}
