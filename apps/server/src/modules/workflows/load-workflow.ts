import { AppError } from "@flowdeck/shared";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import type { Executor } from "../../db/database.ts";
import { findWorkflow, listSteps, type WorkflowRow } from "./repository.ts";
import { latestRuns } from "../runs/repository.ts";
import { listRunAfter } from "./run-after-repository.ts";
import { toWorkflow } from "./to-workflow.ts";
import { readTogether } from "../../db/read-together.ts";

/** The workflows of `rows` with their steps, latest run and run-after entries: four queries, whatever their number. */
export async function withStepsAndRuns(db: Executor, organizationId: string, rows: WorkflowRow[]): Promise<Workflow[]> {
  const ids = rows.map((row) => row.id);
  const [steps, runs, runAfter] = await readTogether(db, [
    () => listSteps(db, organizationId, ids),
    () => latestRuns(db, ids),
    () => listRunAfter(db, organizationId, ids),
  ]);
  return rows.map((row) =>
    toWorkflow(
      row,
      steps.filter((step) => step.workflowId === row.id),
      runs.find((run) => run.workflowId === row.id),
      runAfter.filter((entry) => entry.workflowId === row.id),
    ),
  );
}

/** One workflow as the API shows it; 404 when the organization has no such workflow. */
export async function loadWorkflow(db: Executor, organizationId: string, workflowId: string): Promise<Workflow> {
  const row = await findWorkflow(db, organizationId, workflowId);
  if (!row) throw new AppError("not-found", WORKFLOW_MESSAGES.notFound);
  const [workflow] = await withStepsAndRuns(db, organizationId, [row]);
  return workflow!;
}
