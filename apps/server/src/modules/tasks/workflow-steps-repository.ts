import { and, asc, eq, sql, type SQLWrapper } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { workflowSteps, workflows } from "../../db/schema/index.ts";

/**
 * The workflow steps that use a command, as the tasks module sees them: how many workflows run a
 * command, which ones, and the copy of the command each step keeps. That copy is the one write of
 * another module's table here (docs/conventions.md, "Tables belong to one module"): a step keeps
 * its command's name when the command changes or is deleted, in the command's own transaction,
 * and the workflows module, which uses commands, is not imported by the commands it uses.
 */

/** How many workflows have a step running the command `taskId` (a column or value) refers to. */
export function countWorkflowsRunning(taskId: SQLWrapper) {
  return sql<number>`(
    select count(distinct ${workflowSteps.workflowId})::int from ${workflowSteps}
    where ${workflowSteps.taskId} = ${taskId}
  )`;
}

/** The workflows with a step that runs the task, by name. */
export async function listWorkflowsUsingTask(db: Executor, organizationId: string, taskId: string) {
  return db
    .select({ id: workflows.id, name: workflows.name })
    .from(workflowSteps)
    .innerJoin(workflows, eq(workflows.id, workflowSteps.workflowId))
    .where(and(eq(workflowSteps.organizationId, organizationId), eq(workflowSteps.taskId, taskId)))
    .groupBy(workflows.id, workflows.name)
    .orderBy(asc(workflows.name), asc(workflows.id));
}

/**
 * Refreshes the copy of the command that each of its workflow steps keeps, so the steps still
 * say what they ran once the command is gone (the foreign key then sets their task_id to null).
 */
export async function copyTaskIntoSteps(
  db: Executor,
  organizationId: string,
  task: { id: string; name: string; category: string; description: string },
) {
  await db
    .update(workflowSteps)
    .set({ name: task.name, category: task.category, description: task.description, updatedAt: new Date() })
    .where(and(eq(workflowSteps.organizationId, organizationId), eq(workflowSteps.taskId, task.id)));
}
