import type { RunStatus } from "@flowdeck/shared/runs/constants";

/**
 * What `flowdeck` exits with (docs/decisions/065, README "The flowdeck command"): a CI job's step
 * passes or fails by the run's own outcome, and a script tells the outcomes apart by the code.
 */
export const EXIT = {
  succeeded: 0,
  /** The run failed (or a command failed for a reason none of the codes below names). */
  failed: 1,
  /** The command line was wrong: an unknown option, a workflow that is not there, a bad parameter. */
  usage: 2,
  cancelled: 3,
  timedOut: 4,
  /** An approver rejected the run, nobody approved it in time (decision 067), or a freeze window skipped it (071). */
  rejected: 5,
  lost: 6,
  /** Flowdeck could not be reached, or it refused the token (unknown, expired, revoked, too weak). */
  unreachable: 7,
  /** A second Ctrl+C: the program stopped without waiting for the run (128 + SIGINT). */
  interrupted: 130,
} as const;

/** The exit code of a run that has ended; null while it awaits approval, is queued or running. */
export function exitCodeOf(status: RunStatus): number | null {
  switch (status) {
    case "succeeded":
      return EXIT.succeeded;
    case "failed":
      return EXIT.failed;
    case "cancelled":
      return EXIT.cancelled;
    case "timed-out":
      return EXIT.timedOut;
    case "rejected":
    case "expired":
    case "skipped":
      return EXIT.rejected;
    case "lost":
      return EXIT.lost;
    case "awaiting-approval":
    case "queued":
    case "running":
      return null;
  }
}
