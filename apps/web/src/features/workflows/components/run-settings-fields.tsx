import { CONCURRENCY_POLICIES, CONCURRENCY_POLICY_LABELS } from "@flowdeck/shared/workflows/constants";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import type { WorkflowForm } from "../lib/workflow-form-values.ts";
import { TargetFields } from "./target-fields.tsx";
import { EMPTY_STEP_CONTROL, RUN_IF_CHOICES, type StepControlValues } from "../lib/step-control-values.ts";

type Props = {
  orgId: string;
  form: WorkflowForm;
  nameOf: (taskId: string) => string;
};

/**
 * How runners execute the workflow: its timeout, the labels a runner needs, where it runs, and
 * which steps may fail.
 */
export function RunSettingsFields({ orgId, form, nameOf }: Props) {
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
        <TextField
          className="sm:col-span-2"
          label="Runner labels"
          error={form.errorOf("runnerLabels")}
          hint="Comma separated; only runners with all of them run it"
          {...form.register("runnerLabels")}
        />
        <TargetFields orgId={orgId} form={form} />
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
      {taskIds.map((taskId) => (
        <StepControlFields key={taskId} form={form} taskId={taskId} name={nameOf(taskId)} />
      ))}
    </fieldset>
  );
}

/** One step's Retry and "Run this step" (decision 072). */
function StepControlFields({ form, taskId, name }: { form: WorkflowForm; taskId: string; name: string }) {
  const all = form.watch("stepControl");
  const values = all[taskId] ?? EMPTY_STEP_CONTROL;
  const set = (change: Partial<StepControlValues>) =>
    form.setValue("stepControl", { ...all, [taskId]: { ...values, ...change } });
  const retrying = Number(values.retryAttempts) > 0;
  return (
    <fieldset className="space-y-2 rounded-md border border-gray-200 p-3 dark:border-gray-800">
      <legend className="px-1 text-sm font-medium">Step: {name}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={`Retry attempts (${name})`}
          type="number"
          min={0}
          max={10}
          hint="Extra attempts after a failure, 0 to 10"
          value={values.retryAttempts}
          onChange={(event) => set({ retryAttempts: event.target.value })}
        />
        <SelectField
          label={`Run this step (${name})`}
          value={values.runIf}
          onChange={(event) => set({ runIf: event.target.value as StepControlValues["runIf"] })}
        >
          {RUN_IF_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        {retrying && (
          <>
            <TextField
              label={`Delay between attempts, seconds (${name})`}
              type="number"
              min={0}
              max={3600}
              value={values.retryDelay}
              onChange={(event) => set({ retryDelay: event.target.value })}
            />
            <SelectField
              label={`Backoff (${name})`}
              value={values.backoff}
              onChange={(event) => set({ backoff: event.target.value as StepControlValues["backoff"] })}
            >
              <option value="fixed">Fixed</option>
              <option value="doubling">Doubling</option>
            </SelectField>
            <TextField
              label={`Only on exit codes (${name})`}
              hint="Comma separated; blank retries any failure"
              value={values.exitCodes}
              onChange={(event) => set({ exitCodes: event.target.value })}
            />
          </>
        )}
        {values.runIf === "parameter" && (
          <>
            <TextField
              label={`Parameter (${name})`}
              value={values.runIfParameter}
              onChange={(event) => set({ runIfParameter: event.target.value })}
            />
            <TextField
              label={`Equals (${name})`}
              value={values.runIfEquals}
              onChange={(event) => set({ runIfEquals: event.target.value })}
            />
          </>
        )}
      </div>
    </fieldset>
  );
}
