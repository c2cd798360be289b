import type { Parameter } from "@flowdeck/shared/workflows/parameters";
import { useId } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";

/**
 * What the fields need of their form: the Run now form's, or the workflow form's (a schedule's
 * values). Their paths are built from the declaration at run time, so each caller passes its form
 * as this untyped view of it.
 */
export type ParameterFieldsForm = Pick<UseFormReturn<FieldValues>, "register" | "watch" | "setValue"> & {
  errorOf: (path: string) => string | undefined;
};

/**
 * A field per declared parameter, each with the control its type takes, holding its value at
 * `<prefix>.<name>`: Run now's form (`parameters`) and a schedule's saved values.
 */
export function RunParametersFields({
  form,
  prefix,
  declaration,
}: {
  form: ParameterFieldsForm;
  prefix: string;
  declaration: readonly Parameter[];
}) {
  return (
    <div className="space-y-3">
      {declaration.map((parameter) => (
        <RunParameterField
          key={parameter.name}
          form={form}
          path={`${prefix}.${parameter.name}`}
          parameter={parameter}
        />
      ))}
    </div>
  );
}

function RunParameterField({
  form,
  path,
  parameter,
}: {
  form: ParameterFieldsForm;
  path: string;
  parameter: Parameter;
}) {
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
      const watched: unknown = form.watch(path);
      const chosen = Array.isArray(watched) ? (watched as string[]) : [];
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
