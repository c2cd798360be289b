/**
 * What started a run: a person (Run now), the scheduler, a script with an API token, a webhook's
 * call, or another workflow's run ending (reserved: nothing starts one yet).
 */
export const RUN_TRIGGERS = ["manual", "schedule", "api", "webhook", "run-after"] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

export const RUN_TRIGGER_LABELS: Record<RunTrigger, string> = {
  manual: "Manual",
  schedule: "Scheduled",
  api: "API",
  webhook: "Webhook",
  "run-after": "After another run",
};
/** A checklist is ticked by people (spec 4); an executed run is carried out by a runner. */
export const RUN_KINDS = ["checklist", "executed"] as const;
export type RunKind = (typeof RUN_KINDS)[number];
export const RUN_STATUSES = [
  "awaiting-approval",
  "queued",
  "running",
  "succeeded",
  "failed",
  "cancelled",
  "timed-out",
  "lost",
  "rejected",
  "expired",
  /** A due time inside a freeze window (decision 071): recorded, never run. */
  "skipped",
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
/**
 * A run still under way: at most one per workflow. A run awaiting approval counts (decision 067):
 * a second Run now is refused while one waits, and the scheduler treats the workflow as busy.
 */
export const ACTIVE_RUN_STATUSES = ["awaiting-approval", "queued", "running"] as const satisfies readonly RunStatus[];
/**
 * A run that ran and did not succeed: what notifications call a failure, "retry failed targets"
 * retries and a fan-out's threshold counts against.
 */
export const FAILED_RUN_STATUSES = ["failed", "timed-out", "lost"] as const satisfies readonly RunStatus[];
export function isFailedRunStatus(status: string): status is (typeof FAILED_RUN_STATUSES)[number] {
  return (FAILED_RUN_STATUSES as readonly string[]).includes(status);
}
/** The statuses a run ends in: every status but those under way. */
export const FINAL_RUN_STATUSES = RUN_STATUSES.filter(
  (status): status is Exclude<RunStatus, (typeof ACTIVE_RUN_STATUSES)[number]> =>
    !(ACTIVE_RUN_STATUSES as readonly string[]).includes(status),
);
export const RUN_STEP_STATUSES = [
  "pending",
  "running",
  "succeeded",
  "failed",
  "skipped",
  "cancelled",
  "timed-out",
] as const;
export type RunStepStatus = (typeof RUN_STEP_STATUSES)[number];

export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  "awaiting-approval": "Awaiting approval",
  queued: "Queued",
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
  cancelled: "Cancelled",
  "timed-out": "Timed out",
  lost: "Lost",
  rejected: "Rejected",
  expired: "Expired",
  skipped: "Skipped",
};

export const RUN_STEP_STATUS_LABELS: Record<RunStepStatus, string> = {
  pending: "Pending",
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
  skipped: "Skipped",
  cancelled: "Cancelled",
  "timed-out": "Timed out",
};
