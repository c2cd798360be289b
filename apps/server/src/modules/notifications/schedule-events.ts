import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { notificationRules, workflows } from "../../db/schema/index.ts";
import { notify } from "./notify.ts";

/** A due time the scheduler reaches later than this was missed (the server was down or busy). */
export const MISSED_AFTER_MS = 60_000;

type DueWorkflow = { id: string; organizationId: string; name: string; nextExecution: Date | null };

/** One key per workflow and due time: a due time is told once, as skipped or as missed. */
const dueKey = (workflow: DueWorkflow) => `schedule:${workflow.id}:${workflow.nextExecution?.toISOString()}`;

/**
 * Called by the scheduler for each workflow it starts: when its due time is well past, the run is
 * late and the runs in between were missed (it runs once, decision 008), so rules are told.
 */
export async function notifyIfMissed(tx: Executor, workflow: DueWorkflow, now: Date) {
  if (!workflow.nextExecution || now.getTime() - workflow.nextExecution.getTime() < MISSED_AFTER_MS) return;
  await notify(tx, {
    type: "schedule.missed",
    organizationId: workflow.organizationId,
    at: now,
    workflow: { id: workflow.id, name: workflow.name },
    scheduledFor: workflow.nextExecution,
    dedupeKey: dueKey(workflow),
  });
}

/**
 * Workflows whose due time came while a run was still under way: the scheduler does not start
 * another (decision 008), so that run is skipped, and the rules that ask are told, once per due
 * time (the told keys keep the next ticks quiet). Only organizations with such a rule are looked at.
 */
export async function notifySkippedSchedules(tx: Executor, now: Date, limit = 200) {
  const due = await tx
    .select({
      id: workflows.id,
      organizationId: workflows.organizationId,
      name: workflows.name,
      nextExecution: workflows.nextExecution,
    })
    .from(workflows)
    .where(
      and(
        sql`(${workflows.schedule} ->> 'isEnabled') = 'true'`,
        lte(workflows.nextExecution, now),
        eq(workflows.status, "in-progress"),
        sql`exists (select 1 from ${notificationRules} r where r.organization_id = ${workflows.organizationId} and r.enabled and 'schedule.skipped' = any(r.events))`,
      ),
    )
    // Newest due first: a workflow skipped just now is told even when many were told before.
    .orderBy(desc(workflows.nextExecution))
    .limit(limit);
  for (const workflow of due) {
    await notify(tx, {
      type: "schedule.skipped",
      organizationId: workflow.organizationId,
      at: now,
      workflow: { id: workflow.id, name: workflow.name },
      scheduledFor: workflow.nextExecution ?? undefined,
      dedupeKey: dueKey(workflow),
    });
  }
  return due.length;
}
