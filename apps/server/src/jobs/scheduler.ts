import type { Database } from "../db/database.ts";
import { SCHEDULER } from "../lib/actor.ts";
import { transact, type ChangeContext } from "../lib/change-log.ts";
import type { EventHub } from "../lib/event-hub.ts";
import { startDueRuns } from "../modules/runs/start-due-runs.ts";
import { retimeWorkflows } from "../modules/workflows/retime-workflows.ts";
import { repeatEvery } from "./repeat-every.ts";
import type { Metrics } from "../lib/metrics.ts";

/** What the scheduler reports; pino's logger (app.log) fits. */
export type SchedulerLogger = { error: (details: object, message: string) => void };

export type SchedulerOptions = {
  db: Database;
  events: EventHub;
  metrics?: Metrics;
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
 * Each tick moves schedules retimed by a timezone change, then starts what is due a batch at a
 * time, each batch one transaction (modules/runs/start-due-runs.ts), published live after commit.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, events, metrics, logger = silent } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const clock = options.clock ?? (() => new Date());

  // The scheduler acts as the system: its runs are attributed to no person, and named in the audit log.
  const context: ChangeContext = { db, events, metrics, actor: SCHEDULER, organizationId: null };

  async function runDueBatch(now: Date): Promise<{ ran: string[]; skipped: string[] }> {
    return transact(context, (tx, log) => startDueRuns(tx, log, { context, now, limit: batchSize, logger }));
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
