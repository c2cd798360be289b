import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { Workflow, WorkflowStep } from "@flowdeck/shared/workflows/schemas";
import clsx from "clsx";
import type { StepStatus } from "@flowdeck/shared/workflows/constants";
import { CheckCircle2, Circle } from "lucide-react";
import { useState } from "react";
import { useSetStepStatus } from "../api/set-step-status.ts";
import { StepCommandLines } from "./step-command-lines.tsx";

type WorkflowStepsProps = {
  orgId: string;
  workflow: Workflow;
  canEdit: boolean;
  onError: (message: string) => void;
};

/**
 * The workflow's commands in order (spec 2: an expandable ordered command list). Editors tick a
 * step done or not; everyone sees which are done. A step whose command was deleted keeps its name
 * and says so (docs/decisions/007).
 */
export function WorkflowSteps({ orgId, workflow, canEdit, onError }: WorkflowStepsProps) {
  const setStatus = useSetStepStatus(orgId, workflow.id);
  // What was just ticked shows at once, until the server's answer replaces it (or refuses it).
  const [pending, setPending] = useState<Record<string, StepStatus>>({});
  const settle = (stepId: string) =>
    setPending((current) => Object.fromEntries(Object.entries(current).filter(([id]) => id !== stepId)));

  const toggle = (step: WorkflowStep, done: boolean) => {
    const status: StepStatus = done ? "completed" : "todo";
    setPending((current) => ({ ...current, [step.id]: status }));
    // mutateAsync, not mutate: mutate's own callbacks fire for the latest call only, and steps
    // may be ticked faster than the server answers.
    setStatus.mutateAsync({ workflowId: workflow.id, stepId: step.id, status }).then(
      () => settle(step.id),
      (error: Error) => {
        settle(step.id);
        onError(error.message);
      },
    );
  };

  return (
    <ol aria-label={`Commands of ${workflow.name}`} className="space-y-1.5">
      {workflow.steps.map((step, index) => {
        const done = (pending[step.id] ?? step.status) === "completed";
        const deleted = step.taskId === null;
        const name = (
          <span className="min-w-0 flex-1">
            <span
              className={clsx(
                "block text-sm wrap-anywhere",
                done ? "text-gray-500 line-through dark:text-gray-400" : "text-gray-900 dark:text-gray-100",
              )}
            >
              {step.name}
            </span>
            {deleted && (
              <span className="text-xs text-amber-700 italic dark:text-amber-300">
                {WORKFLOW_MESSAGES.deletedCommand}
              </span>
            )}
          </span>
        );
        return (
          <li
            key={step.id}
            className="rounded-md border border-gray-100 bg-gray-50 px-3 py-2 dark:border-gray-800 dark:bg-gray-800/40"
          >
            <div className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="mt-0.5 w-5 shrink-0 text-right text-xs font-semibold text-gray-600 tabular-nums dark:text-gray-300"
              >
                {index + 1}.
              </span>
              {canEdit ? (
                <label className="flex min-w-0 flex-1 cursor-pointer items-start gap-2.5">
                  <input
                    type="checkbox"
                    checked={done}
                    disabled={pending[step.id] !== undefined}
                    onChange={(event) => toggle(step, event.target.checked)}
                    className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-indigo-600"
                  />
                  {name}
                </label>
              ) : (
                <div className="flex min-w-0 flex-1 items-start gap-2.5">
                  {done ? (
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
                  ) : (
                    <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400" />
                  )}
                  {name}
                  <span className="sr-only">{done ? "done" : "to do"}</span>
                </div>
              )}
            </div>
            {/* Outside the label, so selecting or copying a command never ticks the step. */}
            <div className="pl-8">
              <StepCommandLines step={step} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
