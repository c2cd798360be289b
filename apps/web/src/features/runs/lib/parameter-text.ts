import type { LastRun } from "@flowdeck/shared/runs/schemas";
import type { ParameterValue } from "@flowdeck/shared/workflows/parameters";

/** A run's value as screens show it: yes / no, choices joined, "—" for none. */
export function parameterValueText(value: ParameterValue | null): string {
  if (value === null || (Array.isArray(value) && value.length === 0)) return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** Each of a run's parameters with the label it had when it ran, in order. */
export function runParameters(run: Pick<LastRun, "parameters" | "parameterLabels">) {
  return run.parameterLabels.map((item) => ({ ...item, value: run.parameters[item.name] ?? null }));
}

/** The history's one line: `Host: web-2 · Count: 3`. */
export function parametersLine(run: Pick<LastRun, "parameters" | "parameterLabels">) {
  return runParameters(run)
    .map((item) => `${item.label}: ${parameterValueText(item.value)}`)
    .join(" · ");
}
