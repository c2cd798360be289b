import { IMPORT_EXPORT_MESSAGES as M } from "@flowdeck/shared/import-export/messages";
import type { ImportError, ImportPreview } from "@flowdeck/shared/import-export/schemas";
import { NotificationRuleInputSchema } from "@flowdeck/shared/notifications/schemas";
import { CreateTaskSchema, UpdateTaskSchema } from "@flowdeck/shared/tasks/schemas";
import { attributedUserId } from "../../lib/actor.ts";
import { announce, logged, type Announcement, type OrgScope } from "../../lib/change-log.ts";
import type { AllowList } from "../../lib/outbound/address-policy.ts";
import { createRuleIn, updateRuleIn } from "../notifications/service.ts";
import { createTaskIn, updateTaskIn } from "../tasks/service.ts";
import { commandFromData, fieldChanges, FIELDS, ruleFromData } from "./file-form.ts";
import { loadOrganizationState, type OrganizationState } from "./organization-state.ts";
import { parseImportFile, parseWithApiSchema, type Entry, type Section } from "./parse-document.ts";
import { missingCommands, planWorkflow } from "./plan-workflow.ts";
import { KINDS, onLines, RefusedAt, type Ids, type Path, type PlanContext, type Planned } from "./planned.ts";
import { chainsAfterImport, followedFirst, loopErrors } from "./run-after-chains.ts";

const LABELS: Record<Section, string> = {
  commands: "commands",
  workflows: "workflows",
  notificationRules: "notification rules",
};

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
  const workflowNames = new Set(
    parsed.entries.workflows.flatMap((entry) => (typeof entry.raw.name === "string" ? [entry.raw.name.trim()] : [])),
  );
  const plans: Planned[] = [];
  for (const section of ["commands", "workflows", "notificationRules"] as const) {
    const seen = new Set<string>();
    for (const entry of parsed.entries[section]) {
      const planned = planEntry(entry, state, { commandNames, workflowNames, errors, allow, scope });
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
  const chains = plans.flatMap((planned) => (planned.chain ? [planned.chain] : []));
  const follows = chainsAfterImport(state, chains);
  errors.push(...loopErrors(follows, chains));
  for (const planned of plans) {
    if (planned.kind === "update") preview.update.push(planned.item);
    else preview[planned.kind].push(planned.item);
  }
  if (errors.length > 0) return { ...preview, errors: errors.sort((a, b) => a.line - b.line) };
  const changing = followedFirst(
    plans.filter((planned) => planned.kind !== "unchanged"),
    (planned) => planned.chain?.name,
    follows,
  );
  if (changing.length === 0) return preview;

  let announcements: Announcement[] = [];
  try {
    await db.transaction(async (transaction) => {
      const done = await logged(scope, transaction, async (tx, log) => {
        const ids: Ids = {
          commands: new Map([...state.commands].map(([name, stored]) => [name, stored.id])),
          workflows: new Map([...state.workflows].map(([name, stored]) => [name, stored.id])),
        };
        for (const planned of changing) await planned.apply(tx, log, ids);
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

function planEntry(entry: Entry, state: OrganizationState, context: PlanContext): Planned | undefined {
  if (entry.section === "commands") return planCommand(entry, state, context);
  if (entry.section === "workflows") return planWorkflow(entry, state, context);
  return planRule(entry, state, context);
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
        ids.commands.set(created.name, created.id);
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
