import type { Executor } from "../../db/database.ts";
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
 * Workflows whose due time the scheduler skipped because a run was under way (decision 028, the
 * "skip" concurrency policy): the rules that ask are told, once per due time.
 */
export async function notifySkippedSchedules(tx: Executor, skipped: readonly DueWorkflow[], now: Date) {
  for (const workflow of skipped) {
    await notify(tx, {
      type: "schedule.skipped",
      organizationId: workflow.organizationId,
      at: now,
      workflow: { id: workflow.id, name: workflow.name },
      scheduledFor: workflow.nextExecution ?? undefined,
      dedupeKey: dueKey(workflow),
    });
  }
}
