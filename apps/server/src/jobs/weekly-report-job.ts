import type { Database } from "../db/database.ts";
import { repeatEvery, type Loop } from "./repeat-every.ts";
import { queueWeeklyReports } from "../modules/notifications/weekly-report.ts";

/** Often enough that Monday 08:00 is met within minutes; each pass is one query when nothing is due. */
const INTERVAL_MS = 5 * 60_000;

/**
 * Queues the weekly reports when their time comes (decision 039), one loop per instance beside the
 * delivery job, which sends them. Instances never queue one report twice: see `queueWeeklyReports`.
 */
export function createWeeklyReportJob(options: {
  db: Database;
  logger: { error: (details: object, message: string) => void };
}): Loop {
  return repeatEvery(
    INTERVAL_MS,
    () => queueWeeklyReports(options.db, new Date()),
    (error) => options.logger.error({ err: error }, "notifications: queueing the weekly reports failed"),
  );
}
