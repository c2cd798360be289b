import { RUNNER_TIMINGS } from "@flowdeck/shared/runners/protocol";
import type { Database, PoolStats } from "../../db/database.ts";
import type { Metrics } from "../../lib/metrics.ts";
import { readQueueAndRunners } from "./repository.ts";

/**
 * GET /metrics: what is counted as it happens (requests, runs, claims, output, deliveries, the
 * scheduler) plus what is read now — the queue and the runners online in one query, the database
 * pool's counts — in the Prometheus text format.
 */
export async function scrapeMetrics(options: {
  db: Database;
  metrics: Metrics;
  poolStats: () => PoolStats;
  now?: Date;
}): Promise<{ contentType: string; body: string }> {
  const { db, metrics, poolStats } = options;
  const now = options.now ?? new Date();
  const { depth, oldest, runners } = await readQueueAndRunners(
    db,
    new Date(now.getTime() - RUNNER_TIMINGS.offlineAfterMs),
  );
  metrics.setSnapshot({
    queueDepth: depth,
    oldestQueuedSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
    runnersOnline: runners,
    pool: poolStats(),
  });
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}
