import { nextExecution } from "@flowdeck/shared/workflows/schedule";
import type { Database } from "../../db/database.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import { notifyIfMissed, notifySkippedSchedules } from "../notifications/schedule-events.ts";
import { beginRun, countExecutions } from "./progress.ts";
import { defaultExecution } from "./execution.ts";
import { listSteps, updateWorkflow } from "./repository.ts";
import { claimDueWorkflows } from "./scheduler-repository.ts";
import { retimeWorkflows } from "./retime-workflows.ts";
import { toSchedule } from "./to-workflow.ts";

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

export type TickResult = { ran: string[]; retimed: string[] };

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
 * commands' executions, commits, then publishes the changes live.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, events, logger = silent } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const clock = options.clock ?? (() => new Date());
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;

  async function runDueBatch(now: Date): Promise<string[]> {
    const queued: { organizationId: string; runId: string }[] = [];
    const claimed = await db.transaction(async (tx) => {
      const due = await claimDueWorkflows(tx, now, batchSize);
      if (due.length === 0) return [];
      await countExecutions(tx, due, now);
      for (const workflow of due) {
        const advance = {
          nextExecution: nextExecution(toSchedule(workflow.schedule), { now, timezone: workflow.timezone }),
          scheduleTimezone: workflow.timezone,
        };
        try {
          // A savepoint each: one workflow that cannot start does not hold back the others.
          await tx.transaction(async (savepoint) => {
            // With a runner for its commands' platform, the run is queued for it; otherwise a checklist.
            const steps = await listSteps(savepoint, workflow.organizationId, [workflow.id]);
            const execution = await defaultExecution(savepoint, workflow, steps, now);
            const run = await beginRun(savepoint, { workflow, trigger: "schedule", startedBy: null, now, execution });
            await updateWorkflow(savepoint, workflow.organizationId, workflow.id, advance);
            await notifyIfMissed(savepoint, workflow, now);
            if (execution) queued.push({ organizationId: workflow.organizationId, runId: run.id });
          });
        } catch (error) {
          logger.error({ err: error, workflowId: workflow.id }, "scheduler: a due workflow could not start");
          // Still advanced, so it is not claimed again at once, tick after tick.
          await updateWorkflow(tx, workflow.organizationId, workflow.id, advance);
        }
      }
      return due;
    });
    for (const workflow of claimed) {
      await events.publish(workflow.organizationId, { entity: "workflow", id: workflow.id, action: "updated" });
    }
    // Wakes the organization's runners waiting for work.
    for (const run of queued)
      await events.publish(run.organizationId, { entity: "run", id: run.runId, action: "created" });
    return claimed.map((workflow) => workflow.id);
  }

  async function retime(now: Date): Promise<string[]> {
    const changed = await db.transaction((tx) => retimeWorkflows(tx, { now, limit: batchSize }));
    for (const row of changed) {
      await events.publish(row.organizationId, { entity: "workflow", id: row.id, action: "updated" });
    }
    return changed.map((row) => row.id);
  }

  async function tick(now: Date = clock()): Promise<TickResult> {
    const retimed = await retime(now);
    // Due while the previous run is still under way: not run (decision 008), and told (decision 019).
    await db.transaction((tx) => notifySkippedSchedules(tx, now));
    const ran: string[] = [];
    for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch++) {
      const ids = await runDueBatch(now);
      ran.push(...ids);
      if (ids.length < batchSize) break;
    }
    return { ran, retimed };
  }

  const loop = async () => {
    if (stopped) return;
    current = tick().catch((error: unknown) => logger.error({ err: error }, "scheduler: a tick failed"));
    await current;
    current = undefined;
    if (!stopped) timer = setTimeout(() => void loop(), intervalMs);
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void loop();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
    tick,
  };
}
