import { nextExecution } from "@flowdeck/shared/workflows/schedule";
import type { Database } from "../db/database.ts";
import { SCHEDULER } from "../lib/actor.ts";
import { transact, type ChangeContext } from "../lib/change-log.ts";
import type { EventHub } from "../lib/event-hub.ts";
import { notifyIfMissed, notifySkippedSchedules } from "../modules/notifications/schedule-events.ts";
import { endRun, runChangeEvents } from "../modules/runs/end-run.ts";
import { beginRun, countExecutions } from "../modules/workflows/progress.ts";
import { findActiveRun } from "../modules/workflows/runs-repository.ts";
import { defaultExecution } from "../modules/workflows/execution.ts";
import { listSteps, updateWorkflow } from "../modules/workflows/repository.ts";
import { claimDueWorkflows } from "../modules/workflows/scheduler-repository.ts";
import { retimeWorkflows } from "../modules/workflows/retime-workflows.ts";
import { repeatEvery } from "./repeat-every.ts";

/** What the scheduler reports; pino's logger (app.log) fits. */
export type SchedulerLogger = { error: (details: object, message: string) => void };

export type SchedulerOptions = {
  db: Database;
  events: EventHub;
  logger?: SchedulerLogger;
  /** Pause between two ticks. */
  intervalMs?: number;
  /** How many due workflows one transaction claims. */
  batchSize?: number;
  clock?: () => Date;
};

/** Started, recomputed for a new timezone, and skipped because a run was under way (decision 028). */
export type TickResult = { ran: string[]; retimed: string[]; skipped: string[] };

export type Scheduler = {
  /** Ticks now, then every `intervalMs` after the previous tick ends. */
  start: () => void;
  /** Stops ticking and waits for a tick under way to end. */
  stop: () => Promise<void>;
  /** One pass: recompute retimed schedules, then run everything due at `now`. */
  tick: (now?: Date) => Promise<TickResult>;
};

export const DEFAULT_SCHEDULER_INTERVAL_MS = 5_000;
const DEFAULT_BATCH_SIZE = 20;
/** A tick drains the backlog a batch at a time, up to this many batches. */
const MAX_BATCHES_PER_TICK = 50;

const silent: SchedulerLogger = { error: () => {} };

/**
 * The scheduler (ARCHITECTURE "Scheduler", docs/decisions/008): one loop per server instance.
 * Each tick claims due workflows in a transaction (FOR UPDATE SKIP LOCKED), records a run started
 * by the scheduler, puts the workflow in progress and advances its next execution from now (so a
 * server that was down runs a missed schedule once, not once per missed period), counts the
 * commands' executions, commits, then publishes the changes live. A workflow due while busy follows
 * its concurrency policy (decision 028): skipped (counted on it and told), queued, or its run
 * under way cancelled.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, events, logger = silent } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const clock = options.clock ?? (() => new Date());

  // The scheduler acts as the system: its runs are attributed to no person, and named in the audit log.
  const context: ChangeContext = { db, events, actor: SCHEDULER, organizationId: null };

  async function runDueBatch(now: Date): Promise<{ ran: string[]; skipped: string[] }> {
    return transact(context, async (tx, log) => {
      const due = await claimDueWorkflows(tx, now, batchSize);
      if (due.length === 0) return { ran: [], skipped: [] };
      // Busy (in progress, or a run queued or running): the workflow's policy decides (decision 028).
      // A queueing workflow is never claimed while busy, so here busy means skip or cancel.
      const busy = new Map<string, Awaited<ReturnType<typeof findActiveRun>> | null>();
      for (const workflow of due) {
        const active = await findActiveRun(tx, workflow.id);
        if (active || workflow.status === "in-progress") busy.set(workflow.id, active ?? null);
      }
      const skipped = due.filter((workflow) => busy.has(workflow.id) && workflow.concurrencyPolicy !== "cancel");
      const starting = due.filter((workflow) => !skipped.includes(workflow));
      await countExecutions(tx, starting, now);
      const advance = (workflow: (typeof due)[number]) => ({
        nextExecution: nextExecution(workflow.schedule, { now, timezone: workflow.timezone }),
        scheduleTimezone: workflow.timezone,
      });
      const rescheduled = (workflow: (typeof due)[number], summary: string) =>
        log.record({
          action: "workflow.rescheduled",
          organizationId: workflow.organizationId,
          entityId: workflow.id,
          summary,
          changes: {
            nextExecution: {
              before: workflow.nextExecution?.toISOString() ?? null,
              after: iso(advance(workflow).nextExecution),
            },
          },
        });
      for (const workflow of skipped) {
        await updateWorkflow(tx, workflow.organizationId, workflow.id, {
          ...advance(workflow),
          skippedRuns: workflow.skippedRuns + 1,
          lastSkippedAt: workflow.nextExecution,
        });
        rescheduled(workflow, `Skipped a due run of the workflow "${workflow.name}": a run was under way`);
      }
      await notifySkippedSchedules(tx, skipped, now);
      for (const workflow of starting) {
        try {
          // A savepoint each: one workflow that cannot start does not hold back the others.
          const cancelled = await tx.transaction(async (savepoint) => {
            const active = busy.get(workflow.id);
            // A checklist under way is cancelled by beginRun itself; an executed run is ended here.
            const ended =
              active?.kind === "executed"
                ? await endRun(savepoint, {
                    organizationId: workflow.organizationId,
                    runId: active.id,
                    workflowId: workflow.id,
                    status: "cancelled",
                    now,
                  })
                : undefined;
            // With a runner for its commands' platform, the run is queued for it; otherwise a checklist.
            const steps = await listSteps(savepoint, workflow.organizationId, [workflow.id]);
            const execution = await defaultExecution(savepoint, workflow, steps, now);
            const run = await beginRun(savepoint, { workflow, trigger: "schedule", startedBy: null, now, execution });
            await updateWorkflow(savepoint, workflow.organizationId, workflow.id, advance(workflow));
            await notifyIfMissed(savepoint, workflow, now);
            // Wakes the organization's runners waiting for work.
            if (execution) log.announce({ entity: "run", id: run.id, action: "created" }, workflow.organizationId);
            return ended;
          });
          // Announced only once its savepoint held: the run view of the run cancelled for this one.
          if (cancelled) {
            for (const event of runChangeEvents(cancelled)) log.announce(event, workflow.organizationId);
          }
          log.record({
            action: "workflow.run",
            organizationId: workflow.organizationId,
            entityId: workflow.id,
            summary: `Ran the workflow "${workflow.name}" on its schedule${cancelled ? ", cancelling the run under way" : ""}`,
            changes: {
              nextExecution: {
                before: workflow.nextExecution?.toISOString() ?? null,
                after: iso(advance(workflow).nextExecution),
              },
            },
          });
        } catch (error) {
          logger.error({ err: error, workflowId: workflow.id }, "scheduler: a due workflow could not start");
          // Still advanced, so it is not claimed again at once, tick after tick.
          await updateWorkflow(tx, workflow.organizationId, workflow.id, advance(workflow));
          rescheduled(workflow, `Could not start the workflow "${workflow.name}"; moved it to its next execution`);
        }
      }
      return { ran: starting.map((workflow) => workflow.id), skipped: skipped.map((workflow) => workflow.id) };
    });
  }

  async function retime(now: Date): Promise<string[]> {
    const changed = await transact(context, async (tx, log) => {
      const rows = await retimeWorkflows(tx, { now, limit: batchSize });
      for (const row of rows) {
        log.record({
          action: "workflow.rescheduled",
          organizationId: row.organizationId,
          entityId: row.id,
          summary: "Moved the next execution of a workflow to the organization's timezone",
        });
      }
      return rows;
    });
    return changed.map((row) => row.id);
  }

  async function tick(now: Date = clock()): Promise<TickResult> {
    const retimed = await retime(now);
    const ran: string[] = [];
    const skipped: string[] = [];
    for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch++) {
      const done = await runDueBatch(now);
      ran.push(...done.ran);
      skipped.push(...done.skipped);
      if (done.ran.length + done.skipped.length < batchSize) break;
    }
    return { ran, retimed, skipped };
  }

  const loop = repeatEvery(intervalMs, tick, (error) => logger.error({ err: error }, "scheduler: a tick failed"));
  return { ...loop, tick };
}

function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
