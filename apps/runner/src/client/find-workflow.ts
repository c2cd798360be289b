import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { ApiError } from "../api/api-errors.ts";
import { RunnerError } from "../errors.ts";
import { EXIT } from "./exit-codes.ts";
import type { FlowdeckApi } from "./flowdeck-api.ts";

/**
 * The workflow `nameOrId` names: the one with that id, else the one with exactly that name. No
 * match, or several workflows of that name, is a usage error that lists what there is.
 */
export async function findWorkflow(api: FlowdeckApi, nameOrId: string): Promise<Workflow> {
  try {
    return await api.workflow(nameOrId);
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
  }
  const workflows = await api.workflows();
  const named = workflows.filter((workflow) => workflow.name === nameOrId);
  if (named.length === 1) return named[0]!;
  if (named.length > 1) {
    const listed = named.map((workflow) => `  ${workflow.id}  ${workflow.name}`).join("\n");
    throw new RunnerError(
      `${named.length} workflows are named "${nameOrId}"; give the id of the one to run:\n${listed}`,
      EXIT.usage,
    );
  }
  const near = workflows.filter((workflow) => workflow.name.toLowerCase().includes(nameOrId.toLowerCase()));
  const hint =
    near.length > 0
      ? ` Did you mean: ${near
          .slice(0, 5)
          .map((workflow) => `"${workflow.name}"`)
          .join(", ")}?`
      : "";
  throw new RunnerError(`No workflow has the id or the exact name "${nameOrId}".${hint}`, EXIT.usage);
}
