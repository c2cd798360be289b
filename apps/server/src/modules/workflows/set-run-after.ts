import { AppError } from "@flowdeck/shared";
import { RUN_AFTER_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { Parameter } from "@flowdeck/shared/workflows/parameters";
import { findRunAfterLoop, type RunAfterEntry } from "@flowdeck/shared/workflows/run-after";
import type { Executor } from "../../db/database.ts";
import { findWorkflowIds, listRunAfterEdges, lockRunAfterChains, replaceRunAfter } from "./run-after-repository.ts";
import { listAllWorkflows } from "./repository.ts";

/**
 * Saves what `workflow` runs after (decision 073), refusing with 400 and the field: a workflow not
 * of this organization (`runAfter.0.workflowId`), the workflow itself, a parameter it does not
 * declare, and any loop over all the organization's chains (A → B → C → A), named in the message.
 * The chains are locked for the rest of the transaction, so two saves at once cannot make a loop.
 */
export async function setRunAfter(
  tx: Executor,
  options: {
    organizationId: string;
    workflow: { id: string; parameters: readonly Parameter[] };
    entries: readonly RunAfterEntry[];
  },
) {
  const { organizationId, workflow, entries } = options;
  await lockRunAfterChains(tx, organizationId);
  const known = await findWorkflowIds(
    tx,
    organizationId,
    entries.map((entry) => entry.workflowId),
  );
  const declared = new Set(workflow.parameters.map((parameter) => parameter.name));
  const fields: Record<string, string> = {};
  entries.forEach((entry, index) => {
    const field = `runAfter.${index}.workflowId`;
    if (entry.workflowId === workflow.id) fields[field] = RUN_AFTER_MESSAGES.self;
    else if (!known.has(entry.workflowId)) fields[field] = RUN_AFTER_MESSAGES.unknownWorkflow;
    for (const name of Object.keys(entry.parameters)) {
      if (!declared.has(name)) fields[`runAfter.${index}.parameters.${name}`] = RUN_AFTER_MESSAGES.notAParameter(name);
    }
  });
  const first = Object.values(fields)[0];
  if (first) throw new AppError("invalid-argument", first, fields);

  const follows = new Map<string, string[]>();
  for (const edge of await listRunAfterEdges(tx, organizationId)) {
    if (edge.workflowId === workflow.id) continue;
    follows.set(edge.workflowId, [...(follows.get(edge.workflowId) ?? []), edge.afterWorkflowId]);
  }
  follows.set(
    workflow.id,
    entries.map((entry) => entry.workflowId),
  );
  const loop = findRunAfterLoop(follows, workflow.id);
  if (loop) {
    const names = new Map((await listAllWorkflows(tx, organizationId)).map((row) => [row.id, row.name]));
    const message = RUN_AFTER_MESSAGES.loop(loop.map((id) => names.get(id) ?? id));
    const index = entries.findIndex((entry) => loop.includes(entry.workflowId));
    throw new AppError("invalid-argument", message, { [`runAfter.${Math.max(index, 0)}.workflowId`]: message });
  }
  await replaceRunAfter(tx, organizationId, workflow.id, entries);
}
