import { TARGET_MODE_LABELS, TARGET_MODES } from "@flowdeck/shared/runs/targets";
import { TASK_PLATFORM_LABELS } from "@flowdeck/shared/tasks/constants";
import { Alert } from "@/components/ui/alert.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { TextLink } from "@/components/ui/text-link.tsx";
import { useRunnerChoices } from "../api/get-runner-choices.ts";
import type { WorkflowForm } from "../lib/workflow-form-values.ts";

const MODE_HINTS = {
  any: "The first runner with its labels that is free takes each run.",
  runner: "Runs wait for this runner, even while it is offline.",
  all: "One run with a target per runner that has its labels, each on its own OS.",
} as const;

/** "Where it runs" (decision 080): any one matching runner, a chosen runner, or every matching runner. */
export function TargetFields({ orgId, form }: { orgId: string; form: WorkflowForm }) {
  const mode = form.watch("target.mode");
  return (
    <fieldset className="space-y-3 sm:col-span-2">
      <legend className="text-sm font-medium text-gray-700 dark:text-gray-200">Where it runs</legend>
      <div className="space-y-2">
        {TARGET_MODES.map((choice) => (
          <label key={choice} className="flex items-start gap-2 text-sm">
            <input type="radio" value={choice} className="mt-1" {...form.register("target.mode")} />
            <span>
              <span className="font-medium">{TARGET_MODE_LABELS[choice]}</span>
              <span className="block text-xs text-gray-500 dark:text-gray-400">{MODE_HINTS[choice]}</span>
            </span>
          </label>
        ))}
      </div>
      {form.errorOf("target.mode") && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {form.errorOf("target.mode")}
        </p>
      )}
      {mode === "runner" && <ChosenRunnerField orgId={orgId} form={form} />}
      {mode === "all" && <FanOutFields form={form} />}
    </fieldset>
  );
}

function ChosenRunnerField({ orgId, form }: { orgId: string; form: WorkflowForm }) {
  const runners = useRunnerChoices(orgId, true);
  if (runners.isError) return <Alert tone="error">The runners could not be read: {runners.error.message}</Alert>;
  if (runners.data?.length === 0) {
    return (
      <Alert tone="info">
        No runner is registered yet. <TextLink to="/admin/runners">Register one under Runners</TextLink>.
      </Alert>
    );
  }
  return (
    <SelectField
      label="Runner"
      disabled={!runners.data}
      error={form.errorOf("target.runnerId")}
      hint="It must have every runner label above."
      {...form.register("target.runnerId")}
    >
      <option value="">{runners.data ? "Choose a runner" : "Loading runners…"}</option>
      {runners.data?.map((runner) => (
        <option key={runner.id} value={runner.id}>
          {runner.name} ({TASK_PLATFORM_LABELS[runner.os]}, {runner.online ? "online" : "offline"})
        </option>
      ))}
    </SelectField>
  );
}

function FanOutFields({ form }: { form: WorkflowForm }) {
  const offlineWait = form.watch("target.offlineWait");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Targets at once"
        inputMode="text"
        placeholder="All"
        hint="Blank for all at once, a number, or a percentage such as 50%"
        error={form.errorOf("target.batchSize")}
        {...form.register("target.batchSize")}
      />
      <TextField
        label="Success threshold (%)"
        type="number"
        min={1}
        max={100}
        hint="100: every target must succeed"
        error={form.errorOf("target.successThreshold")}
        {...form.register("target.successThreshold")}
      />
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" {...form.register("target.keepGoing")} />
        Keep going after a failure
      </label>
      <SelectField label="Offline runners" {...form.register("target.offlineWait")}>
        <option value="skip">Skip them</option>
        <option value="wait">Wait for them</option>
      </SelectField>
      {offlineWait === "wait" && (
        <TextField
          label="Wait up to (minutes)"
          type="number"
          min={1}
          error={form.errorOf("target.offlineWaitMinutes")}
          {...form.register("target.offlineWaitMinutes")}
        />
      )}
    </div>
  );
}
