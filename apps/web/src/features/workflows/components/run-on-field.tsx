import type { RunOptions } from "@flowdeck/shared/runs/schemas";
import { TARGET_MODE_LABELS, type TargetMode } from "@flowdeck/shared/runs/targets";
import { TASK_PLATFORM_LABELS } from "@flowdeck/shared/tasks/constants";
import type { RunnerPlatform } from "@flowdeck/shared/runners/protocol";
import type { ExecuteWorkflowInput } from "@flowdeck/shared/runs/schemas";
import { SelectField } from "@/components/ui/select-field.tsx";

type RunnerOption = RunOptions["runners"][number];

/** "" keeps the workflow's own target; "any" is any one matching runner; else a runner's id. */
export type RunOn = string;

/**
 * The execute body's `target` for a Run on choice (decision 080): a run only narrows, so the
 * workflow's own target sends nothing.
 */
export function runOnTarget(runOn: RunOn): NonNullable<ExecuteWorkflowInput>["target"] {
  if (runOn === "") return undefined;
  if (runOn === "any") return { mode: "any" };
  return { mode: "runner", runnerId: runOn };
}

export function runnerText(runner: RunnerOption) {
  return `${runner.name} (${TASK_PLATFORM_LABELS[runner.platform]}, ${runner.online ? "online" : "offline"})`;
}

/** "Every matching runner (3)": the workflow's own target, as Run now names it. */
export function ownTargetText(mode: TargetMode, runners: number) {
  return mode === "all" ? `${TARGET_MODE_LABELS.all} (${runners})` : TARGET_MODE_LABELS[mode];
}

/**
 * Run on: the workflow's own target, or one of its matching runners (of the chosen OS, for a
 * workflow on any one runner); a workflow on every runner may also run on any one.
 */
export function RunOnField({
  options,
  platform,
  value,
  onChange,
}: {
  options: RunOptions;
  /** For a workflow on any one runner: the OS chosen above, whose runners are offered. */
  platform: RunnerPlatform | null;
  value: RunOn;
  onChange: (value: RunOn) => void;
}) {
  const { mode } = options.target;
  const runners = options.runners.filter((runner) => mode !== "any" || runner.platform === platform);
  if (runners.length === 0) return null;
  return (
    <SelectField label="Run on" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{ownTargetText(mode, options.runners.length)}</option>
      {mode === "all" && <option value="any">{TARGET_MODE_LABELS.any}</option>}
      {runners.map((runner) => (
        <option key={runner.id} value={runner.id}>
          {runnerText(runner)}
        </option>
      ))}
    </SelectField>
  );
}
