import { WORKFLOW_STATUS_LABELS, type WorkflowStatus } from "@flowdeck/shared/workflows/constants";
import { Badge, type BadgeColor } from "@/components/ui/badge.tsx";

/** Spec 2: draft yellow, active green; the run states get colours of their own. */
const COLORS: Record<WorkflowStatus, BadgeColor> = {
  draft: "yellow",
  active: "green",
  "in-progress": "blue",
  completed: "purple",
};

export function WorkflowStatusBadge({ status }: { status: WorkflowStatus }) {
  return <Badge color={COLORS[status]}>{WORKFLOW_STATUS_LABELS[status]}</Badge>;
}
