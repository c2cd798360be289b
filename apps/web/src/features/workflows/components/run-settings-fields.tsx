import { CONCURRENCY_POLICIES, CONCURRENCY_POLICY_LABELS } from "@flowdeck/shared/workflows/constants";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import type { WorkflowForm } from "../lib/workflow-form-values.ts";

type Props = {
  form: WorkflowForm;
  nameOf: (taskId: string) => string;
};

/** How a runner executes the workflow: its timeout, the labels a runner needs, and which steps may fail. */
export function RunSettingsFields({ form, nameOf }: Props) {
  const taskIds = form.watch("taskIds");
  const continueOnError = form.watch("continueOnError");
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <legend className="px-1 text-sm font-medium">When a runner executes it</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Stop a run after (minutes)"
          type="number"
          min={1}
          error={form.errorOf("timeoutMinutes")}
          {...form.register("timeoutMinutes")}
        />
        <TextField
          label="Runner labels"
          error={form.errorOf("runnerLabels")}
          hint="Comma separated; only runners with all of them run it"
          {...form.register("runnerLabels")}
        />
        <SelectField
          label="Due while a run is under way"
          error={form.errorOf("concurrencyPolicy")}
          {...form.register("concurrencyPolicy")}
        >
          {CONCURRENCY_POLICIES.map((policy) => (
            <option key={policy} value={policy}>
              {CONCURRENCY_POLICY_LABELS[policy]}
            </option>
          ))}
        </SelectField>
      </div>
      {taskIds.length > 0 && (
        <div className="space-y-1">
          <p className="text-sm text-gray-700 dark:text-gray-200">A failing step stops the run, unless:</p>
          {taskIds.map((taskId) => (
            <label key={taskId} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={continueOnError.includes(taskId)}
                onChange={(event) =>
                  form.setValue(
                    "continueOnError",
                    event.target.checked ? [...continueOnError, taskId] : continueOnError.filter((id) => id !== taskId),
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
