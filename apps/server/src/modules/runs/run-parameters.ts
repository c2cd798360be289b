import { AppError } from "@flowdeck/shared";
import { parameterValuesSchema, type Parameter, type ParameterValues } from "@flowdeck/shared/workflows/parameters";

/**
 * A run's values checked against the workflow's declaration with the one builder the Run now form
 * uses too (decision 061): the values with the defaults applied, or a 400 whose fields name each
 * bad parameter (`parameters.host`) and say what is expected. Every way a run starts comes here.
 */
export function checkParameterValues(
  declaration: readonly Parameter[],
  raw: Record<string, unknown> | undefined,
  options: { field: string; context?: string } = { field: "parameters" },
): ParameterValues {
  const parsed = parameterValuesSchema(declaration).safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = [options.field, ...issue.path.map(String)].join(".");
    fields[key] ??= issue.message;
  }
  const first = parsed.error.issues[0]?.message ?? "A parameter is not valid";
  throw new AppError("invalid-argument", options.context ? `${options.context}: ${first}` : first, fields);
}
