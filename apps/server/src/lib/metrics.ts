import { NOTIFICATION_CHANNELS } from "@flowdeck/shared/notifications/constants";
import {
  FINAL_RUN_STATUSES,
  RUN_KINDS,
  RUN_TRIGGERS,
  type RunKind,
  type RunTrigger,
} from "@flowdeck/shared/runs/constants";
import { TASK_PLATFORMS } from "@flowdeck/shared/tasks/constants";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The server's Prometheus metrics (docs/decisions/062), one registry per app instance: tests build
 * several apps in one process, and prom-client's global registry would mix their counts. Each place
 * that measures something calls one function here. No label carries an id, a name or anything an
 * organization typed: only route patterns, methods, status codes, run statuses and triggers,
 * platforms and delivery outcomes, each from a short fixed list (cardinality and privacy).
 */
export type Metrics = {
  readonly registry: Registry;
  /** A request answered: its route pattern (never the raw URL), method, status and duration. */
  httpRequest: (request: { route: string | undefined; method: string; status: number; seconds: number }) => void;
  /** A run started (queued for a runner, or a checklist under way). */
  runStarted: (run: { trigger: RunTrigger; kind: RunKind }) => void;
  /** A run ended, with its final status. */
  runEnded: (run: { trigger: RunTrigger; kind: RunKind; status: string }) => void;
  /** A runner claimed a queued run this long after it was queued. */
  runClaimed: (waitedSeconds: number) => void;
  /** A runner's claim looked at the queue, and found a run or not (a look that finds none is wasted work). */
  claimLooked: (found: boolean) => void;
  /** A run's output grew by this many bytes in the database (after the run's cap). */
  logBytesStored: (bytes: number) => void;
  /** One attempt to deliver a notification. */
  notificationDelivery: (delivery: { channel: string; outcome: (typeof DELIVERY_OUTCOMES)[number] }) => void;
  /** The scheduler queued a due workflow's run this long after it was due. */
  scheduleStarted: (lagSeconds: number) => void;
  /** What a scrape reads from the database and the pool, set just before the registry is read. */
  setSnapshot: (snapshot: MetricsSnapshot) => void;
};

export type MetricsSnapshot = {
  queueDepth: number;
  oldestQueuedSeconds: number;
  runnersOnline: ReadonlyArray<{ os: string; count: number }>;
  pool: { inUse: number; waiting: number; size: number };
};

const FINAL_STATUSES = FINAL_RUN_STATUSES;
const DELIVERY_OUTCOMES = ["delivered", "retrying", "failed"] as const;
const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** From a millisecond to a minute: API calls, and claims that hold a long poll open. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Waiting in the queue, and the scheduler's lag: from 10 ms to 10 minutes. */
const WAIT_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 600];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequests = new Counter({
    name: "flowdeck_http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status code.",
    labelNames: ["route", "method", "status"] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: "flowdeck_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route pattern, method and status code.",
    labelNames: ["route", "method", "status"] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const runsStarted = new Counter({
    name: "flowdeck_runs_started_total",
    help: "Runs started, by trigger (manual, schedule, api, webhook, run-after) and kind (executed, checklist).",
    labelNames: ["trigger", "kind"] as const,
    registers,
  });
  const runsEnded = new Counter({
    name: "flowdeck_runs_ended_total",
    help: "Runs ended, by final status, trigger and kind.",
    labelNames: ["status", "trigger", "kind"] as const,
    registers,
  });
  const claimLatency = new Histogram({
    name: "flowdeck_run_claim_latency_seconds",
    help: "From a run queued to a runner claiming it.",
    buckets: WAIT_BUCKETS,
    registers,
  });
  const claimLooks = new Counter({
    name: "flowdeck_runner_claim_looks_total",
    help: "Looks at the queue by runners' claims, by whether they found a run.",
    labelNames: ["found"],
    registers,
  });
  const queueDepth = new Gauge({
    name: "flowdeck_runs_queued",
    help: "Runs queued for a runner now (counted up to 100,000).",
    registers,
  });
  const oldestQueued = new Gauge({
    name: "flowdeck_runs_oldest_queued_age_seconds",
    help: "How long the oldest queued run has waited; 0 when none is queued.",
    registers,
  });
  const runnersOnline = new Gauge({
    name: "flowdeck_runners_online",
    help: "Runners heard from within the offline window, by platform.",
    labelNames: ["os"] as const,
    registers,
  });
  const logBytes = new Counter({
    name: "flowdeck_run_log_bytes_stored_total",
    help: "Bytes of run output stored (after each run's cap).",
    registers,
  });
  const deliveries = new Counter({
    name: "flowdeck_notification_deliveries_total",
    help: "Notification delivery attempts, by channel (email, webhook) and outcome (delivered, retrying, failed).",
    labelNames: ["channel", "outcome"] as const,
    registers,
  });
  const schedulerLag = new Histogram({
    name: "flowdeck_scheduler_lag_seconds",
    help: "From a workflow's due time to its run queued by the scheduler.",
    buckets: WAIT_BUCKETS,
    registers,
  });
  const poolInUse = new Gauge({
    name: "flowdeck_db_pool_connections_in_use",
    help: "Database connections (PostgreSQL) or the embedded database's one session (PGlite) in use.",
    registers,
  });
  const poolWaiting = new Gauge({
    name: "flowdeck_db_pool_waiting",
    help: "Queries or transactions waiting for a database connection (PGlite: for its one session).",
    registers,
  });
  const poolSize = new Gauge({
    name: "flowdeck_db_pool_size",
    help: "Database connections open (PostgreSQL); 1 for the embedded database.",
    registers,
  });
  // Every combination of the fixed lists starts at 0, so a dashboard's series exist before the
  // first run and rate() sees the first increase.
  for (const os of TASK_PLATFORMS) runnersOnline.set({ os }, 0);
  for (const trigger of RUN_TRIGGERS) {
    for (const kind of RUN_KINDS) {
      runsStarted.inc({ trigger, kind }, 0);
      for (const status of FINAL_STATUSES) runsEnded.inc({ status, trigger, kind }, 0);
    }
  }
  for (const channel of NOTIFICATION_CHANNELS) {
    for (const outcome of DELIVERY_OUTCOMES) deliveries.inc({ channel, outcome }, 0);
  }
  for (const found of ["true", "false"]) claimLooks.inc({ found }, 0);

  return {
    registry,
    httpRequest({ route, method, status, seconds }) {
      const labels = {
        // A request no route matched has no pattern: its raw URL is never a label.
        route: route ?? "unmatched",
        method: HTTP_METHODS.has(method) ? method : "OTHER",
        status: String(status),
      };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    runStarted: ({ trigger, kind }) => runsStarted.inc({ trigger, kind }),
    runEnded: ({ trigger, kind, status }) => runsEnded.inc({ status, trigger, kind }),
    runClaimed: (waitedSeconds) => claimLatency.observe(Math.max(0, waitedSeconds)),
    claimLooked: (found) => claimLooks.inc({ found: String(found) }),
    logBytesStored: (bytes) => {
      if (bytes > 0) logBytes.inc(bytes);
    },
    notificationDelivery: ({ channel, outcome }) => deliveries.inc({ channel, outcome }),
    scheduleStarted: (lagSeconds) => schedulerLag.observe(Math.max(0, lagSeconds)),
    setSnapshot(snapshot) {
      queueDepth.set(snapshot.queueDepth);
      oldestQueued.set(snapshot.oldestQueuedSeconds);
      for (const os of TASK_PLATFORMS) runnersOnline.set({ os }, 0);
      for (const { os, count } of snapshot.runnersOnline) runnersOnline.set({ os }, count);
      poolInUse.set(snapshot.pool.inUse);
      poolWaiting.set(snapshot.pool.waiting);
      poolSize.set(snapshot.pool.size);
    },
  };
}
