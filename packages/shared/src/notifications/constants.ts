/**
 * What a notification rule can be told about (docs/decisions/026). Run outcomes come from where
 * runs finish; schedule events from the scheduler; "test" only from the Send test button.
 */
export const NOTIFICATION_EVENTS = [
  "run.failed",
  "run.timed-out",
  "run.lost",
  "run.recovered",
  "run.long-running",
  "run.still-queued",
  "schedule.skipped",
  "schedule.missed",
  "approval.requested",
  "run.rejected",
  "run.expired",
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
/** Also delivered, though no rule names them: the Send test button, and the weekly report (decision 039). */
export type DeliveredEvent = NotificationEvent | "test" | "report.weekly";

export const NOTIFICATION_EVENT_LABELS: Record<DeliveredEvent, string> = {
  "run.failed": "Run failed",
  "run.timed-out": "Run timed out",
  "run.lost": "Run lost (its runner stopped answering)",
  "run.recovered": "Recovered (first success after a failure)",
  "run.long-running": "Run still going after some minutes",
  "run.still-queued": "Run still queued after 10 minutes (no runner took it)",
  "schedule.skipped": "Scheduled run skipped (the previous one was still going)",
  "schedule.missed": "Scheduled run missed (the server was down or busy)",
  "approval.requested": "Run waiting for approval",
  "run.rejected": "Run rejected by an approver",
  "run.expired": "Run expired before it was approved",
  test: "Test",
  "report.weekly": "Weekly report",
};

/** A queued run no runner has taken for this long is told about once ("run.still-queued"). */
export const STILL_QUEUED_MINUTES = 10;

export const NOTIFICATION_CHANNELS = ["email", "webhook"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const NOTIFICATION_LIMITS = {
  name: 100,
  url: 2000,
  secretMin: 16,
  secretMax: 200,
  /** Up to a week. */
  longRunningMinutes: 10_080,
  recipients: 100,
  rulesPerOrganization: 100,
  /** Send test, per rule and minute: each test is a real call, and a test of a hanging endpoint waits. */
  testsPerRuleMinute: 5,
} as const;

/** The header that carries the webhook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = "Flowdeck-Signature";
