import type { FastifyInstance } from "fastify";
import { createAuditRetentionJob } from "../jobs/audit-retention.ts";
import { createEmbeddedStatisticsJob } from "../jobs/embedded-statistics.ts";
import { createDeliveryJob } from "../jobs/notification-delivery.ts";
import { createRetentionJob } from "../jobs/retention-job.ts";
import { createRunSweeper } from "../jobs/run-sweeper.ts";
import { createScheduler } from "../jobs/scheduler.ts";
import { createWeeklyReportJob } from "../jobs/weekly-report-job.ts";
import type { Loop } from "../jobs/repeat-every.ts";

/**
 * Every background job, created here and nowhere else: each starts when the server is ready and is
 * stopped (waiting for the pass under way) when it closes. The configuration says which run on this
 * instance: `SCHEDULER=on` runs the scheduler and the audit retention, `NOTIFICATIONS=on` the
 * delivery of the notification outbox and the weekly reports, `RETENTION=on` the run retention; every instance sweeps runs
 * whose runner went quiet. On the embedded database, which has no autovacuum, the instance also
 * keeps the planner's table statistics up to date.
 */
export function registerBackgroundJobs(app: FastifyInstance, database: { kind: "pglite" | "postgres" }) {
  const { config, db, events, metrics, mailer, outbound, log: logger } = app;
  const jobs: Loop[] = [];
  if (config.schedulerEnabled) {
    jobs.push(createScheduler({ db, events, metrics, logger, intervalMs: config.schedulerIntervalMs }));
  }
  if (config.notificationsEnabled) {
    jobs.push(createDeliveryJob({ db, mailer, outbound, metrics, appUrl: config.appUrl, logger }));
    jobs.push(createWeeklyReportJob({ db, logger }));
  }
  if (config.retentionEnabled) {
    jobs.push(createRetentionJob({ db, logger, intervalMs: config.retentionIntervalMs }));
  }
  jobs.push(createRunSweeper({ db, events, metrics, logger, leaseMs: config.runners.leaseMs }));
  if (config.schedulerEnabled) jobs.push(createAuditRetentionJob({ db, logger }));
  if (database.kind === "pglite") jobs.push(createEmbeddedStatisticsJob({ db, logger }));

  app.addHook("onReady", async () => {
    for (const job of jobs) job.start();
  });
  app.addHook("onClose", async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  });
}
