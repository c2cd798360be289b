import type { Parameter, ParameterValue } from "@flowdeck/shared/workflows/parameters";

/** What a generated field holds: text as typed, a checkbox's state, the chosen choices. */
export type RunFieldValue = string | boolean | string[];

/**
 * The Run now form's first values: `values` (Run again: the run's own) or else each default, as
 * the fields hold them; nothing is a blank field (an unticked box, no choice).
 */
export function initialRunValues(
  declaration: readonly Parameter[],
  values: Record<string, ParameterValue | null> = {},
): Record<string, RunFieldValue> {
  return Object.fromEntries(
    declaration.map((parameter) => {
      const value = parameter.name in values ? values[parameter.name] : parameter.default;
      if (parameter.type === "boolean") return [parameter.name, value === true];
      if (parameter.type === "multichoice") return [parameter.name, Array.isArray(value) ? value : []];
      return [parameter.name, value === null || value === undefined || Array.isArray(value) ? "" : String(value)];
    }),
  );
}
