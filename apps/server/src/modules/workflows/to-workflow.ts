import { normalizeTarget } from "@flowdeck/shared/runs/targets";
import type { Workflow, WorkflowStep } from "@flowdeck/shared/workflows/schemas";
import type { StepRow, WorkflowRow } from "./repository.ts";
import type { RunRow } from "../runs/repository.ts";
import type { RunAfterRow } from "./run-after-repository.ts";
import { toLastRun } from "../runs/to-run.ts";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toStep(row: StepRow): WorkflowStep {
  return {
    id: row.id,
    position: row.position,
    taskId: row.taskId,
    name: row.name,
    category: row.category,
    description: row.description,
    commands:
      row.taskId === null || row.commandLinux == null
        ? null
        : { windows: row.commandWindows ?? "", linux: row.commandLinux, mac: row.commandMac ?? "" },
    status: row.status,
    completedAt: iso(row.completedAt),
    completedBy: row.completedBy,
    continueOnError: row.continueOnError,
    timeoutSeconds: row.timeoutSeconds,
    retry: row.retry,
    runIf: row.runIf,
  };
}

export function toWorkflow(
  row: WorkflowRow,
  steps: StepRow[],
  lastRun: RunRow | undefined,
  runAfter: RunAfterRow[],
): Workflow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    dueDate: iso(row.dueDate),
    schedule: row.schedule,
    nextExecution: iso(row.nextExecution),
    lastExecuted: iso(row.lastExecuted),
    progress: row.progress,
    taskCount: row.taskCount,
    completedTasks: row.completedTasks,
    startedAt: iso(row.startedAt),
    startedBy: row.startedBy,
    completedAt: iso(row.completedAt),
    completedBy: row.completedBy,
    createdBy: row.createdBy,
    createdByName: row.createdBy ? row.createdByName : null,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    timeoutSeconds: row.timeoutSeconds,
    runnerLabels: row.runnerLabels,
    target: normalizeTarget(row.target),
    secrets: row.secretNames,
    concurrencyPolicy: row.concurrencyPolicy,
    skippedRuns: row.skippedRuns,
    lastSkippedAt: iso(row.lastSkippedAt),
    steps: steps.map(toStep),
    parameters: row.parameters,
    scheduleParameters: row.scheduleParameters,
    approval: row.approval,
    respectFreezeWindows: row.respectFreezeWindows,
    confirmName: row.confirmName,
    runAfter: runAfter.map((entry) => ({
      workflowId: entry.afterWorkflowId,
      workflowName: entry.workflowName,
      on: entry.on,
      parameters: entry.parameters,
    })),
    lastRun: lastRun ? toLastRun(lastRun) : null,
  };
}
