import type { WorkflowCommand } from "@flowdeck/shared/workflows/schemas";
import { CONCURRENCY_POLICIES, CONCURRENCY_POLICY_LABELS } from "@flowdeck/shared/workflows/constants";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import type { FieldErrors } from "@/lib/form-errors.ts";
import type { WorkflowFormValues } from "../lib/workflow-form-values.ts";

type Props = {
  values: WorkflowFormValues;
  set: <K extends keyof WorkflowFormValues>(key: K, value: WorkflowFormValues[K]) => void;
  errors: FieldErrors;
  commands: readonly WorkflowCommand[] | undefined;
  knownNames: ReadonlyMap<string, string>;
};

/** How a runner executes the workflow: its timeout, the labels a runner needs, and which steps may fail. */
export function RunSettingsFields({ values, set, errors, commands, knownNames }: Props) {
  const nameOf = (taskId: string) =>
    commands?.find((command) => command.id === taskId)?.name ?? knownNames.get(taskId) ?? taskId;
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <legend className="px-1 text-sm font-medium">When a runner executes it</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Stop a run after (minutes)"
          type="number"
          min={1}
          value={values.timeoutMinutes}
          error={errors.timeoutSeconds}
          onChange={(event) => set("timeoutMinutes", event.target.value)}
        />
        <TextField
          label="Runner labels"
          value={values.runnerLabels}
          error={errors.runnerLabels ?? Object.entries(errors).find(([key]) => key.startsWith("runnerLabels."))?.[1]}
          hint="Comma separated; only runners with all of them run it"
          onChange={(event) => set("runnerLabels", event.target.value)}
        />
        <SelectField
          label="Due while a run is under way"
          value={values.concurrencyPolicy}
          error={errors.concurrencyPolicy}
          onChange={(event) => set("concurrencyPolicy", event.target.value as WorkflowFormValues["concurrencyPolicy"])}
        >
          {CONCURRENCY_POLICIES.map((policy) => (
            <option key={policy} value={policy}>
              {CONCURRENCY_POLICY_LABELS[policy]}
            </option>
          ))}
        </SelectField>
      </div>
      {values.taskIds.length > 0 && (
        <div className="space-y-1">
          <p className="text-sm text-gray-700 dark:text-gray-200">A failing step stops the run, unless:</p>
          {values.taskIds.map((taskId) => (
            <label key={taskId} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={values.continueOnError.includes(taskId)}
                onChange={(event) =>
                  set(
                    "continueOnError",
                    event.target.checked
                      ? [...values.continueOnError, taskId]
                      : values.continueOnError.filter((id) => id !== taskId),
                  )
                }
              />
              Continue on error: {nameOf(taskId)}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
