import type { RunAfterEntry, RunAfterOn } from "@flowdeck/shared/workflows/run-after";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { workflowRunAfter, workflows } from "../../db/schema/index.ts";

/** Run-after rows (decision 073): who follows whom, read and written here only. */

export type RunAfterRow = {
  workflowId: string;
  afterWorkflowId: string;
  workflowName: string;
  on: RunAfterOn;
  parameters: Record<string, string>;
};

/** The entries of the given workflows, each with the name of the workflow it runs after, in the form's order. */
export async function listRunAfter(
  db: Executor,
  organizationId: string,
  workflowIds: readonly string[],
): Promise<RunAfterRow[]> {
  if (workflowIds.length === 0) return [];
  return db
    .select({
      workflowId: workflowRunAfter.workflowId,
      afterWorkflowId: workflowRunAfter.afterWorkflowId,
      workflowName: workflows.name,
      on: workflowRunAfter.on,
      parameters: workflowRunAfter.parameters,
    })
    .from(workflowRunAfter)
    .innerJoin(workflows, eq(workflows.id, workflowRunAfter.afterWorkflowId))
    .where(
      and(eq(workflowRunAfter.organizationId, organizationId), inArray(workflowRunAfter.workflowId, [...workflowIds])),
    )
    .orderBy(asc(workflowRunAfter.workflowId), asc(workflowRunAfter.position));
}

/** Every "B runs after A" edge of the organization, to look for a loop. */
export async function listRunAfterEdges(db: Executor, organizationId: string) {
  return db
    .select({ workflowId: workflowRunAfter.workflowId, afterWorkflowId: workflowRunAfter.afterWorkflowId })
    .from(workflowRunAfter)
    .where(eq(workflowRunAfter.organizationId, organizationId));
}

/** The workflows that follow `afterWorkflowId`, oldest entry first. */
export async function listFollowers(db: Executor, organizationId: string, afterWorkflowId: string) {
  return db
    .select({
      workflowId: workflowRunAfter.workflowId,
      on: workflowRunAfter.on,
      parameters: workflowRunAfter.parameters,
    })
    .from(workflowRunAfter)
    .where(
      and(eq(workflowRunAfter.organizationId, organizationId), eq(workflowRunAfter.afterWorkflowId, afterWorkflowId)),
    )
    .orderBy(asc(workflowRunAfter.createdAt), asc(workflowRunAfter.workflowId));
}

/** The ids among `ids` that name a workflow of the organization. */
export async function findWorkflowIds(db: Executor, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(and(eq(workflows.organizationId, organizationId), inArray(workflows.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/**
 * Serializes changes to the organization's chains until the transaction ends, so two saves at
 * once (A after B, B after A) cannot each miss the other's half of a loop.
 */
export async function lockRunAfterChains(db: Executor, organizationId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`run-after:${organizationId}`}))`);
}

/** Replaces the workflow's entries with `entries`, in their order. */
export async function replaceRunAfter(
  db: Executor,
  organizationId: string,
  workflowId: string,
  entries: readonly RunAfterEntry[],
) {
  await db.delete(workflowRunAfter).where(eq(workflowRunAfter.workflowId, workflowId));
  if (entries.length === 0) return;
  await db.insert(workflowRunAfter).values(
    entries.map((entry, position) => ({
      workflowId,
      afterWorkflowId: entry.workflowId,
      organizationId,
      position,
      on: entry.on,
      parameters: entry.parameters,
    })),
  );
}
