import { DEFAULT_TARGET } from "@flowdeck/shared/runs/targets";
import type { Workflow, WorkflowStep } from "@flowdeck/shared/workflows/schemas";

/** Every day at 02:30. */
export const daily: Workflow["schedule"] = {
  type: "daily",
  isEnabled: true,
  date: null,
  time: "02:30",
  dayOfWeek: null,
  dayOfMonth: null,
};

/** Component tests' workflows: a daily one with no steps, changed by `overrides`. */
export function workflow(overrides: Partial<Workflow>): Workflow {
  return {
    id: "wf-1",
    name: "Nightly backup",
    description: "",
    status: "active",
    dueDate: null,
    schedule: daily,
    nextExecution: "2026-11-26T02:30:00.000Z",
    lastExecuted: null,
    progress: 0,
    taskCount: 1,
    completedTasks: 0,
    startedAt: null,
    startedBy: null,
    completedAt: null,
    completedBy: null,
    createdBy: null,
    createdByName: null,
    updatedBy: null,
    createdAt: "2026-11-20T09:00:00.000Z",
    updatedAt: "2026-11-20T09:00:00.000Z",
    timeoutSeconds: 3600,
    runnerLabels: [],
    target: { ...DEFAULT_TARGET },
    secrets: [],
    concurrencyPolicy: "skip",
    skippedRuns: 0,
    approval: null,
    respectFreezeWindows: false,
    confirmName: false,
    runAfter: [],
    lastSkippedAt: null,
    steps: [],
    parameters: [],
    scheduleParameters: {},
    lastRun: null,
    ...overrides,
  };
}

/** A step to do, changed by `overrides`. */
export function step(overrides: Partial<WorkflowStep>): WorkflowStep {
  return {
    id: "step-1",
    position: 0,
    taskId: "task-1",
    name: "Stop web workers",
    category: "maintenance",
    description: "",
    commands: { windows: "", linux: "systemctl stop web", mac: "" },
    status: "todo",
    completedAt: null,
    completedBy: null,
    continueOnError: false,
    timeoutSeconds: null,
    retry: null,
    runIf: "success",
    ...overrides,
  };
}
