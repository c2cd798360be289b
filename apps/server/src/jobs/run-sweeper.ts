import type { Database } from "../db/database.ts";
import { RUN_SWEEPER } from "../lib/actor.ts";
import type { ChangeContext } from "../lib/change-log.ts";
import type { EventHub } from "../lib/event-hub.ts";
import { sweepRuns } from "../modules/runs/sweep-runs.ts";
import { repeatEvery } from "./repeat-every.ts";
import type { Metrics } from "../lib/metrics.ts";

export type SweeperLogger = { error: (details: object, message: string) => void };

/**
 * The run sweeper: one loop per server instance that ends runs whose runner went silent or ran
 * past their timeout (modules/runs/sweep-runs.ts). It acts as the system ("Run sweeper" in the
 * audit log).
 */
export function createRunSweeper(options: {
  db: Database;
  events: EventHub;
  metrics?: Metrics;
  logger: SweeperLogger;
  leaseMs: number;
  intervalMs?: number;
}) {
  const { db, events, metrics, logger, leaseMs } = options;
  const intervalMs = options.intervalMs ?? Math.min(5_000, Math.max(250, Math.floor(leaseMs / 4)));

  // Runs of every organization: each record names its own.
  const context: ChangeContext = { db, events, metrics, actor: RUN_SWEEPER, organizationId: null };
  const sweep = (now = new Date()) => sweepRuns({ context, now, leaseMs });

  const loop = repeatEvery(intervalMs, sweep, (error) => logger.error({ err: error }, "run sweeper: a sweep failed"));
  return { ...loop, sweep };
}
