import type { Database } from "../db/database.ts";
import type { Mailer } from "../lib/mailer.ts";
import type { Metrics } from "../lib/metrics.ts";
import type { OutboundClient } from "../lib/outbound/outbound-client.ts";
import { createDeliveryPass } from "../modules/notifications/delivery-pass.ts";
import { repeatEvery } from "./repeat-every.ts";

export type DeliveryJobLogger = { error: (details: object, message: string) => void };

export type DeliveryJob = {
  start: () => void;
  stop: () => Promise<void>;
  /** One pass: tell about runs still going or still queued, then send what is due at `now`. */
  tick: (now?: Date) => Promise<{ attempted: number }>;
};

export const DEFAULT_DELIVERY_INTERVAL_MS = 2_000;

/**
 * The background job that empties the notification outbox (docs/decisions/026), one loop per
 * instance like the scheduler, over one pass of modules/notifications/delivery-pass.ts.
 */
export function createDeliveryJob(options: {
  db: Database;
  mailer: Mailer;
  /** Webhooks go through it: only to addresses the operator allows (decision 055). */
  outbound: OutboundClient;
  /** Each attempt is counted by outcome. */
  metrics?: Metrics;
  appUrl: string;
  logger?: DeliveryJobLogger;
  intervalMs?: number;
  clock?: () => Date;
}): DeliveryJob {
  const logger = options.logger ?? { error: () => {} };
  const clock = options.clock ?? (() => new Date());
  const intervalMs = options.intervalMs ?? DEFAULT_DELIVERY_INTERVAL_MS;
  const pass = createDeliveryPass(options);
  const tick = (now: Date = clock()) => pass(now);
  const loop = repeatEvery(intervalMs, tick, (error) =>
    logger.error({ err: error }, "notifications: a delivery pass failed"),
  );
  return { ...loop, tick };
}
