import { PARAMETER_TYPES, PARAMETER_TYPE_LABELS } from "@flowdeck/shared/workflows/parameters";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useFieldArray } from "react-hook-form";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { choicesOf, emptyParameter } from "../lib/parameter-form-values.ts";
import type { WorkflowForm } from "../lib/workflow-form-values.ts";

/**
 * The workflow's typed run parameters (decision 061): each with its name, label, help, type, and
 * what its type needs; added, removed and moved with buttons, so all of it works from the keyboard.
 */
export function ParametersFields({ form }: { form: WorkflowForm }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "parameters" });
  const listError = form.errorOf("parameters") ?? form.errorOf("scheduleParameters");
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <legend className="px-1 text-sm font-medium">Parameters</legend>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        Inputs asked for when it runs. Each step reads them as environment variables FLOWDECK_PARAM_&lt;NAME&gt;.
      </p>
      {listError && <Alert tone="error">{listError}</Alert>}
      {fields.length === 0 && <p className="text-sm text-gray-600 dark:text-gray-400">No parameters.</p>}
      <ol className="space-y-3">
        {fields.map((field, index) => (
          <li key={field.id}>
            <ParameterFields
              form={form}
              index={index}
              count={fields.length}
              onMove={(to) => move(index, to)}
              onRemove={() => remove(index)}
            />
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={() => append(emptyParameter())}>
        <Plus aria-hidden="true" className="size-4" />
        Add parameter
      </Button>
    </fieldset>
  );
}

function ParameterFields({
  form,
  index,
  count,
  onMove,
  onRemove,
}: {
  form: WorkflowForm;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const path = `parameters.${index}` as const;
  const values = form.watch(path);
  const title = `Parameter ${index + 1}${values.name ? ` (${values.name})` : ""}`;
  const error = (field: string) => form.errorOf(`${path}.${field}`);
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-3 dark:border-gray-800 dark:bg-gray-950">
      <legend className="sr-only">{title}</legend>
      <div className="flex items-center gap-1">
        <span aria-hidden="true" className="min-w-0 flex-1 truncate text-sm font-medium">
          {title}
        </span>
        <Button variant="ghost" className="px-2 py-1" disabled={index === 0} onClick={() => onMove(index - 1)}>
          <ArrowUp aria-hidden="true" className="size-4" />
          <span className="sr-only">Move {title} up</span>
        </Button>
        <Button variant="ghost" className="px-2 py-1" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          <ArrowDown aria-hidden="true" className="size-4" />
          <span className="sr-only">Move {title} down</span>
        </Button>
        <Button variant="ghost" className="px-2 py-1 text-red-600 dark:text-red-400" onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
          <span className="sr-only">Remove {title}</span>
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Name"
          required
          hint="lower_snake_case"
          autoCapitalize="off"
          spellCheck={false}
          error={error("name")}
          {...form.register(`${path}.name`)}
        />
        <TextField label="Label" error={error("label")} {...form.register(`${path}.label`)} />
        <SelectField label="Type" error={error("type")} {...form.register(`${path}.type`)}>
          {PARAMETER_TYPES.map((type) => (
            <option key={type} value={type}>
              {PARAMETER_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="Help text" error={error("help")} {...form.register(`${path}.help`)} />
      {(values.type === "choice" || values.type === "multichoice") && (
        <TextAreaField
          label="Choices"
          hint="One per line"
          rows={3}
          error={error("choices")}
          {...form.register(`${path}.choices`)}
        />
      )}
      {values.type === "text" && (
        <TextField
          label="Pattern"
          hint="A regular expression the whole value must match"
          spellCheck={false}
          error={error("pattern")}
          {...form.register(`${path}.pattern`)}
        />
      )}
      {values.type === "number" && (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField label="Minimum" type="number" step="any" error={error("min")} {...form.register(`${path}.min`)} />
          <TextField label="Maximum" type="number" step="any" error={error("max")} {...form.register(`${path}.max`)} />
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" {...form.register(`${path}.integer`)} />
            Whole numbers only
          </label>
        </div>
      )}
      <DefaultField form={form} index={index} />
      {values.type !== "boolean" && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register(`${path}.required`)} />
          Required
        </label>
      )}
    </fieldset>
  );
}

/** The default, with the control its type takes. */
function DefaultField({ form, index }: { form: WorkflowForm; index: number }) {
  const path = `parameters.${index}` as const;
  const values = form.watch(path);
  const error = form.errorOf(`${path}.defaultText`);
  switch (values.type) {
    case "boolean":
      return (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register(`${path}.defaultOn`)} />
          On by default
        </label>
      );
    case "multichoice":
      return (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-gray-700 dark:text-gray-200">Chosen by default</legend>
          {choicesOf(values).map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={values.defaultChoices.includes(choice)}
                onChange={(event) =>
                  form.setValue(
                    `${path}.defaultChoices`,
                    event.target.checked
                      ? [...values.defaultChoices, choice]
                      : values.defaultChoices.filter((chosen) => chosen !== choice),
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
    case "choice":
      return (
        <SelectField label="Default" error={error} {...form.register(`${path}.defaultText`)}>
          <option value="">No default</option>
          {choicesOf(values).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </SelectField>
      );
    case "multiline":
      return <TextAreaField label="Default" rows={2} error={error} {...form.register(`${path}.defaultText`)} />;
    default:
      return (
        <TextField
          label="Default"
          type={values.type === "number" ? "number" : values.type === "date" ? "date" : "text"}
          step={values.type === "number" ? "any" : undefined}
          error={error}
          {...form.register(`${path}.defaultText`)}
        />
      );
  }
}
