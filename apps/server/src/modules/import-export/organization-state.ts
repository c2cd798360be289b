import type { Executor } from "../../db/database.ts";
import { withStepsAndRuns } from "../workflows/load-workflow.ts";
import { listAllWorkflows } from "../workflows/repository.ts";
import { listRules as listRuleRows } from "../notifications/rules-repository.ts";
import { toRule } from "../notifications/service.ts";
import { listNames as listSecretNames } from "../secrets/repository.ts";
import {
  commandFromRow,
  ruleFromApi,
  workflowFromApi,
  type FileCommand,
  type FileRule,
  type FileWorkflow,
} from "./file-form.ts";
import { listAllCommands, listMemberAddresses } from "./repository.ts";
import { readTogether } from "../../db/read-together.ts";
import { listRunnerPresence } from "../runs/repository.ts";

/** A thing of the organization, by its name: its id and its file form. */
export type Stored<T> = { id: string; form: T };

/** What the organization holds, in the file's form, with every name that is used more than once. */
export type OrganizationState = {
  commands: Map<string, Stored<FileCommand>>;
  workflows: Map<string, Stored<FileWorkflow>>;
  rules: Map<string, Stored<FileRule>>;
  duplicates: { commands: string[]; workflows: string[]; notificationRules: string[] };
  secretNames: Set<string>;
  /** Member addresses (lower case) to their user ids. */
  members: Map<string, string>;
  /** The runners a workflow may be pinned to (not revoked), by name, to their ids. */
  runners: Map<string, string>;
};

export async function loadOrganizationState(db: Executor, organizationId: string): Promise<OrganizationState> {
  const [commandRows, workflowRows, ruleRows, secretNames, members, runners] = await readTogether(db, [
    () => listAllCommands(db, organizationId),
    () => listAllWorkflows(db, organizationId),
    () => listRuleRows(db, organizationId),
    () => listSecretNames(db, organizationId),
    () => listMemberAddresses(db, organizationId),
    () => listRunnerPresence(db, organizationId),
  ]);
  const runnerNames = new Map(runners.map((runner) => [runner.id, runner.name]));
  const workflows = await withStepsAndRuns(db, organizationId, workflowRows);
  const commandNames = new Map(commandRows.map((row) => [row.id, row.name]));
  const emails = new Map(members.map((member) => [member.userId, member.email.toLowerCase()]));
  const commands = byName(commandRows.map((row) => ({ id: row.id, form: commandFromRow(row) })));
  const flows = byName(
    workflows.map((item) => ({ id: item.id, form: workflowFromApi(item, commandNames, emails, runnerNames) })),
  );
  const rules = byName(ruleRows.map((row) => ({ id: row.id, form: ruleFromApi(toRule(row), emails) })));
  return {
    commands: commands.map,
    workflows: flows.map,
    rules: rules.map,
    duplicates: { commands: commands.duplicates, workflows: flows.duplicates, notificationRules: rules.duplicates },
    secretNames: new Set(secretNames),
    members: new Map(members.map((member) => [member.email.toLowerCase(), member.userId])),
    runners: new Map(runners.map((runner) => [runner.name, runner.id])),
  };
}

function byName<T extends { name: string }>(items: Stored<T>[]) {
  const map = new Map<string, Stored<T>>();
  const duplicates = new Set<string>();
  for (const item of items) {
    if (map.has(item.form.name)) duplicates.add(item.form.name);
    else map.set(item.form.name, item);
  }
  return { map, duplicates: [...duplicates] };
}
