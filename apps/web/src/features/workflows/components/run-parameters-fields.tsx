import type { Parameter } from "@flowdeck/shared/workflows/parameters";
import { useId } from "react";
import type { ParameterValues } from "@flowdeck/shared/workflows/parameters";
import type { ZodForm } from "@/lib/use-zod-form.ts";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";

/** The Run now form: what its fields hold, checked into the run's values by the shared builder. */
export type RunForm = ZodForm<{ parameters: Record<string, unknown> }, { parameters: ParameterValues }>;

/** The Run now form's fields, one per declared parameter, each with the control its type takes. */
export function RunParametersFields({ form, declaration }: { form: RunForm; declaration: readonly Parameter[] }) {
  return (
    <div className="space-y-3">
      {declaration.map((parameter) => (
        <RunParameterField key={parameter.name} form={form} parameter={parameter} />
      ))}
    </div>
  );
}

function RunParameterField({ form, parameter }: { form: RunForm; parameter: Parameter }) {
  const path = `parameters.${parameter.name}` as const;
  const error = form.errorOf(path);
  const hint = parameter.help || undefined;
  const common = { label: parameter.label, hint, error, required: parameter.required };
  const groupId = useId();
  switch (parameter.type) {
    case "multiline":
      return <TextAreaField {...common} rows={3} {...form.register(path)} />;
    case "number":
      return (
        <TextField
          {...common}
          type="number"
          inputMode={parameter.integer ? "numeric" : "decimal"}
          step={parameter.integer ? 1 : "any"}
          min={parameter.min}
          max={parameter.max}
          {...form.register(path)}
        />
      );
    case "date":
      return <TextField {...common} type="date" {...form.register(path)} />;
    case "boolean":
      return (
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm font-medium text-gray-700 dark:text-gray-200">
            <input type="checkbox" aria-describedby={hint ? `${groupId}-hint` : undefined} {...form.register(path)} />
            {parameter.label}
          </label>
          {hint && (
            <p id={`${groupId}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
              {hint}
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      );
    case "choice":
      return (
        <SelectField {...common} {...form.register(path)}>
          <option value="">{parameter.required ? "Choose…" : "None"}</option>
          {(parameter.choices ?? []).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </SelectField>
      );
    case "multichoice": {
      const chosen = (form.watch(path) as string[] | undefined) ?? [];
      return (
        <fieldset className="space-y-1" aria-describedby={hint ? `${groupId}-hint` : undefined}>
          <legend className="text-sm font-medium text-gray-700 dark:text-gray-200">
            {parameter.label}
            {parameter.required && (
              <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
                *
              </span>
            )}
          </legend>
          {hint && (
            <p id={`${groupId}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
              {hint}
            </p>
          )}
          {(parameter.choices ?? []).map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={chosen.includes(choice)}
                onChange={(event) =>
                  form.setValue(
                    path,
                    event.target.checked ? [...chosen, choice] : chosen.filter((item) => item !== choice),
                  )
                }
              />
              {choice}
            </label>
          ))}
          {error && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
        </fieldset>
      );
    }
    default:
      return <TextField {...common} spellCheck={false} {...form.register(path)} />;
  }
}
