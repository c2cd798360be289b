import type { Database } from "../db/database.ts";
import { refreshTableStatistics } from "../db/table-statistics.ts";
import { repeatEvery } from "./repeat-every.ts";

export const DEFAULT_EMBEDDED_STATISTICS_INTERVAL_MS = 60 * 1000;

type Logger = { error: (details: object, message: string) => void };

/**
 * The embedded database's stand-in for autovacuum (db/table-statistics.ts says why), every
 * `intervalMs`; the first pass is one interval after start, because opening the database did one.
 * PostgreSQL's own autovacuum does this there: this job runs on PGlite only.
 */
export function createEmbeddedStatisticsJob(options: { db: Database; logger: Logger; intervalMs?: number }) {
  const { db, logger } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_EMBEDDED_STATISTICS_INTERVAL_MS;
  const loop = repeatEvery(
    intervalMs,
    () => refreshTableStatistics(db),
    (error) => logger.error({ err: error }, "embedded database statistics: a pass failed"),
  );
  let delay: NodeJS.Timeout | undefined;
  return {
    start() {
      delay ??= setTimeout(() => loop.start(), intervalMs);
    },
    async stop() {
      clearTimeout(delay);
      delay = undefined;
      await loop.stop();
    },
  };
}
