import { TASK_PLATFORM_LABELS } from "@flowdeck/shared/tasks/constants";
import type { WorkflowRun } from "@flowdeck/shared/workflows/schemas";

/** "Checklist" or "Executed on <runner>": a checklist is never shown as if something ran. */
export function runKindText(run: Pick<WorkflowRun, "kind" | "runner" | "platform">) {
  if (run.kind === "checklist") return "Checklist";
  if (run.runner) return `Executed on ${run.runner.name}`;
  return `Waiting for a ${run.platform ? TASK_PLATFORM_LABELS[run.platform] : ""} runner`;
}
