import type { LastRun, WorkflowRun } from "@flowdeck/shared/runs/schemas";
import { stepKey } from "@flowdeck/shared/workflows/step-control";
import type { RunRow, RunStepRow } from "./repository.ts";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toLastRun(row: RunRow): LastRun {
  return {
    id: row.id,
    workflowId: row.workflowId,
    trigger: row.trigger,
    triggeredByRunId: row.triggeredByRunId,
    startedBy: row.startedBy,
    startedByName: row.startedBy ? row.startedByName : null,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    kind: row.kind,
    platform: row.platform,
    runner: row.runnerId ? { id: row.runnerId, name: row.runnerName ?? "" } : null,
    cancelRequested: row.cancelRequestedAt !== null,
    pinned: row.pinned,
    stepCounts: { total: row.stepCounts[0] ?? 0, done: row.stepCounts[1] ?? 0, skipped: row.stepCounts[2] ?? 0 },
    parameters: Object.fromEntries(row.parameters.map((parameter) => [parameter.name, parameter.value])),
    parameterLabels: row.parameters.map(({ name, label, type }) => ({ name, label, type })),
    skipReason: row.skipReason,
    freezeOverride: row.freezeOverride,
  };
}

export function toRun(row: RunRow, steps: RunStepRow[]): WorkflowRun {
  return {
    ...toLastRun(row),
    steps: steps.map((step) => ({
      id: step.id,
      stepId: step.stepId,
      position: step.position,
      name: step.name,
      status: step.status,
      startedAt: iso(step.startedAt),
      finishedAt: iso(step.finishedAt),
      command: step.command,
      continueOnError: step.continueOnError,
      exitCode: step.exitCode,
      signal: step.signal,
      retry: step.retry,
      runIf: step.runIf,
      attempts: step.attempts,
      skipReason: step.skipReason,
    })),
    outputs: runOutputs(steps),
    outputsTruncated: row.outputsTruncated,
  };
}

/** `{ "step1": { "version": "1.2.3" } }`: each step that wrote outputs, by its key (decision 072). */
export function runOutputs(steps: readonly RunStepRow[]): Record<string, Record<string, string>> {
  return Object.fromEntries(
    [...steps]
      .sort((a, b) => a.position - b.position)
      .filter((step) => Object.keys(step.outputs).length > 0)
      .map((step) => [stepKey(step.position), step.outputs]),
  );
}
