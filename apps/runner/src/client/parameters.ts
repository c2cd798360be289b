import {
  givenValues,
  parameterValuesSchema,
  type Parameter,
  type ParameterValue,
} from "@flowdeck/shared/workflows/parameters";
import { RunnerError } from "../errors.ts";
import { EXIT } from "./exit-codes.ts";

/**
 * A run's values from `--param name=value` options, checked on this side with the builder the
 * server checks them with (docs/decisions/061): numbers and yes / no are read from their text, a
 * multiple choice from a repeated option or a comma-separated list. Resolves with only the values
 * given (the server applies the defaults); a bad one is a usage error naming the parameter.
 */
export function runParameters(
  declaration: readonly Parameter[],
  options: readonly string[],
): Record<string, ParameterValue> {
  const raw: Record<string, unknown> = {};
  for (const option of options) {
    const equals = option.indexOf("=");
    if (equals <= 0) {
      throw new RunnerError(`--param "${option}" is not name=value.`, EXIT.usage);
    }
    const name = option.slice(0, equals).trim();
    const value = option.slice(equals + 1);
    const parameter = declaration.find((candidate) => candidate.name === name);
    if (parameter?.type === "multichoice") {
      const values = value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean);
      raw[name] = [...((raw[name] as string[] | undefined) ?? []), ...values];
    } else if (name in raw) {
      throw new RunnerError(`--param ${name} is given twice.`, EXIT.usage);
    } else {
      raw[name] = value;
    }
  }
  const parsed = parameterValuesSchema(declaration).safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0] ?? "parameters")}: ${issue.message}`);
    const declared = declaration.map((parameter) => parameter.name).join(", ") || "none";
    throw new RunnerError(
      `Invalid parameters, nothing was queued:\n${lines.join("\n")}\n(The workflow's parameters: ${declared}. See: flowdeck help run)`,
      EXIT.usage,
    );
  }
  return givenValues(raw, parsed.data);
}
