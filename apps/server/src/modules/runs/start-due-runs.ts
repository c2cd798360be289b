import { AppError } from "@flowdeck/shared";
import { nextExecution } from "@flowdeck/shared/workflows/schedule";
import type { Executor } from "../../db/database.ts";
import { logged, type ChangeContext, type ChangeLog } from "../../lib/change-log.ts";
import { notifyIfMissed, notifySkippedSchedules } from "../notifications/schedule-events.ts";
import { listSteps, updateWorkflow } from "../workflows/repository.ts";
import { claimDueWorkflows } from "../workflows/scheduler-repository.ts";
import { defaultExecution } from "./execution.ts";
import { frozenAt, SCHEDULE_REQUESTER } from "./gate.ts";
import { countExecutions, endRun, startRun } from "./lifecycle.ts";
import { findActiveRun } from "./repository.ts";
import { secretsGivenNote } from "../secrets/for-runs.ts";

type DueWorkflow = Awaited<ReturnType<typeof claimDueWorkflows>>[number];

/** What a logger needs for a workflow that could not start; pino's fits. */
export type DueRunsLogger = { error: (details: object, message: string) => void };

/**
 * One batch of the scheduler (docs/decisions/008, 028): claims up to `limit` due workflows in this
 * transaction (FOR UPDATE SKIP LOCKED, so several instances never run one twice), then applies each
 * one's concurrency policy — a busy workflow's due time is skipped (counted on it and told), or its
 * run under way is cancelled, and the others start a run (lifecycle.ts startRun). Every due
 * workflow's next execution is advanced from now, so a server that was down runs a missed schedule
 * once, not once per missed period.
 */
export async function startDueRuns(
  tx: Executor,
  log: ChangeLog,
  options: { context: ChangeContext; now: Date; limit: number; logger: DueRunsLogger },
): Promise<{ ran: string[]; skipped: string[] }> {
  const { context, now, limit, logger } = options;
  const due = await claimDueWorkflows(tx, now, limit);
  if (due.length === 0) return { ran: [], skipped: [] };
  // Busy (in progress, or a run queued or running): the workflow's policy decides (decision 028).
  // A queueing workflow is never claimed while busy, so here busy means skip or cancel.
  const busy = new Map<string, Awaited<ReturnType<typeof findActiveRun>> | null>();
  for (const workflow of due) {
    const active = await findActiveRun(tx, workflow.id);
    if (active || workflow.status === "in-progress") busy.set(workflow.id, active ?? null);
  }
  const skipped = due.filter((workflow) => busy.has(workflow.id) && workflow.concurrencyPolicy !== "cancel");
  // In a freeze window (decision 071) a due time is recorded as skipped, and a run under way is left alone.
  const frozen: DueWorkflow[] = [];
  for (const workflow of due) {
    if (!skipped.includes(workflow) && (await frozenAt(tx, workflow, now))) frozen.push(workflow);
  }
  const starting = due.filter((workflow) => !skipped.includes(workflow) && !frozen.includes(workflow));
  // A workflow that requires approval executes nothing until approved: counted when released.
  await countExecutions(
    tx,
    starting.filter((workflow) => !workflow.approval),
    now,
  );
  const advance = (workflow: DueWorkflow) => ({
    nextExecution: nextExecution(workflow.schedule, { now, timezone: workflow.timezone }),
    scheduleTimezone: workflow.timezone,
  });
  const nextExecutionChange = (workflow: DueWorkflow) => ({
    nextExecution: {
      before: workflow.nextExecution?.toISOString() ?? null,
      after: advance(workflow).nextExecution?.toISOString() ?? null,
    },
  });
  const rescheduled = (workflow: DueWorkflow, summary: string) =>
    log.record({
      action: "workflow.rescheduled",
      organizationId: workflow.organizationId,
      entityId: workflow.id,
      summary,
      changes: nextExecutionChange(workflow),
    });
  for (const workflow of skipped) {
    await updateWorkflow(tx, workflow.organizationId, workflow.id, {
      ...advance(workflow),
      skippedRuns: workflow.skippedRuns + 1,
      lastSkippedAt: workflow.nextExecution,
    });
    rescheduled(workflow, `Skipped a due run of the workflow "${workflow.name}": a run was under way`);
  }
  for (const workflow of frozen) {
    // The gate records the skipped run, with the window's reason (lifecycle.ts startRun).
    const run = await startRun(tx, log, {
      workflow,
      trigger: "schedule",
      requester: SCHEDULE_REQUESTER,
      now,
      execution: null,
      parameters: workflow.scheduleParameters,
      executionsCounted: true,
    });
    await updateWorkflow(tx, workflow.organizationId, workflow.id, {
      ...advance(workflow),
      skippedRuns: workflow.skippedRuns + 1,
      lastSkippedAt: workflow.nextExecution,
    });
    rescheduled(
      workflow,
      `Skipped a due run of the workflow "${workflow.name}": ${"skipReason" in run ? run.skipReason : "held by the gate"}`,
    );
  }
  await notifySkippedSchedules(tx, [...skipped, ...frozen], now);
  for (const workflow of starting) {
    try {
      // A savepoint each, with its own change log: one workflow that cannot start does not hold back
      // the others, and what a rolled-back start recorded or announced is dropped with it.
      const { result: cancelled, announcements } = await tx.transaction((savepoint) =>
        logged({ ...context, organizationId: workflow.organizationId }, savepoint, async (inner, innerLog) => {
          const active = busy.get(workflow.id);
          // A checklist under way is replaced by startRun itself; an executed run is cancelled here.
          const ended =
            active?.kind === "executed"
              ? await endRun(inner, innerLog, {
                  organizationId: workflow.organizationId,
                  runId: active.id,
                  status: "cancelled",
                  reason: "replaced",
                  now,
                })
              : undefined;
          // With a runner for its commands' platform, the run is queued for it; otherwise a checklist.
          const steps = await listSteps(inner, workflow.organizationId, [workflow.id]);
          const execution = await defaultExecution(inner, workflow, steps, now);
          await startRun(inner, innerLog, {
            workflow,
            trigger: "schedule",
            requester: SCHEDULE_REQUESTER,
            now,
            execution,
            // The values saved on the schedule; the others take their defaults (decision 061).
            parameters: workflow.scheduleParameters,
            executionsCounted: true,
          });
          await updateWorkflow(inner, workflow.organizationId, workflow.id, advance(workflow));
          await notifyIfMissed(inner, workflow, now);
          const due = workflow.nextExecution ?? now;
          innerLog.measure((metrics) => metrics.scheduleStarted((Date.now() - due.getTime()) / 1000));
          return ended;
        }),
      );
      for (const item of announcements) {
        if ("measure" in item) log.measure(item.measure);
        else if ("run" in item) log.signalRun(item.run);
        else if ("queue" in item) log.wakeRunners(item.queue);
        else log.announce(item.event, item.organizationId);
      }
      log.record({
        action: "workflow.run",
        organizationId: workflow.organizationId,
        entityId: workflow.id,
        summary: `Ran the workflow "${workflow.name}" on its schedule${secretsGivenNote(workflow.secretNames)}${cancelled ? ", cancelling the run under way" : ""}`,
        changes: nextExecutionChange(workflow),
      });
    } catch (error) {
      logger.error({ err: error, workflowId: workflow.id }, "scheduler: a due workflow could not start");
      // Still advanced, so it is not claimed again at once, tick after tick.
      await updateWorkflow(tx, workflow.organizationId, workflow.id, advance(workflow));
      // A refusal says why (a missing secret, a parameter's value, no credits); anything else stays in the log.
      const reason = error instanceof AppError ? ` (${error.message})` : "";
      rescheduled(workflow, `Could not start the workflow "${workflow.name}"${reason}; moved it to its next execution`);
    }
  }
  return {
    ran: starting.map((workflow) => workflow.id),
    skipped: [...skipped, ...frozen].map((workflow) => workflow.id),
  };
}
