import {
  RUN_STATUS_LABELS,
  RUN_STEP_STATUS_LABELS,
  type RunStatus,
  type RunStepStatus,
} from "@flowdeck/shared/runs/constants";
import { Badge, type BadgeColor } from "@/components/ui/badge.tsx";

const COLORS: Record<RunStatus | RunStepStatus, BadgeColor> = {
  pending: "gray",
  "awaiting-approval": "yellow",
  queued: "yellow",
  running: "blue",
  succeeded: "green",
  failed: "red",
  skipped: "gray",
  cancelled: "gray",
  "timed-out": "purple",
  lost: "red",
  rejected: "red",
  expired: "gray",
};

/**
 * Each run state (awaiting approval, queued, running, succeeded, failed, cancelled, timed out, lost,
 * rejected, expired, skipped by a freeze window) has its own badge.
 */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  return <Badge color={COLORS[status]}>{RUN_STATUS_LABELS[status]}</Badge>;
}

export function StepStatusBadge({ status }: { status: RunStepStatus }) {
  return <Badge color={COLORS[status]}>{RUN_STEP_STATUS_LABELS[status]}</Badge>;
}
