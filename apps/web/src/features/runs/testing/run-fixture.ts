import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import type { RunTarget } from "@flowdeck/shared/runs/targets";

/** Component tests' runs: a manual linux run of "Deploy", queued, changed by `overrides`. */
export function aRun(overrides: Partial<RunDetail>): RunDetail {
  return {
    id: "run-1",
    workflowId: "wf-1",
    workflowName: "Deploy",
    triggeredByWorkflowName: null,
    trigger: "manual",
    triggeredByRunId: null,
    startedBy: "editor-1",
    startedByName: "Eve Editor",
    status: "queued",
    startedAt: "2026-11-28T09:00:00.000Z",
    finishedAt: null,
    kind: "executed",
    platform: "linux",
    runner: null,
    cancelRequested: false,
    pinned: false,
    stepCounts: { total: 1, done: 0, skipped: 0 },
    parameters: {},
    parameterLabels: [],
    skipReason: null,
    freezeOverride: null,
    steps: [],
    logTruncated: false,
    outputs: {},
    outputsTruncated: false,
    matchingRunners: null,
    requiredLabels: [],
    approval: null,
    target: null,
    targets: [],
    parentRunId: null,
    ...overrides,
  };
}

/** One machine of a fan-out, changed by `overrides`. */
export function aTarget(overrides: Partial<RunTarget>): RunTarget {
  return {
    id: "target-1",
    runnerId: "runner-1",
    runnerName: "web-1",
    platform: "linux",
    status: "succeeded",
    exitCode: 0,
    startedAt: "2026-11-28T09:00:01.000Z",
    endedAt: "2026-11-28T09:00:03.500Z",
    skipReason: null,
    ...overrides,
  };
}
