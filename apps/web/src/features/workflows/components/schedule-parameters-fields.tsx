import { useMemo } from "react";
import { declaredParameters } from "../lib/parameter-form-values.ts";
import type { WorkflowForm } from "../lib/workflow-form-values.ts";
import { RunParametersFields, type ParameterFieldsForm } from "./run-parameters-fields.tsx";

/**
 * The values the schedule's runs are given (decision 061), one field per parameter declared above;
 * a field left empty takes the parameter's default. The server refuses a schedule that could not
 * start its runs, naming the field.
 */
export function ScheduleParametersFields({ form }: { form: WorkflowForm }) {
  const parameters = form.watch("parameters");
  const declaration = useMemo(() => declaredParameters(parameters), [parameters]);
  if (declaration.length === 0) return null;
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3 dark:border-gray-800">
      <legend className="px-1 text-sm font-medium text-gray-700 dark:text-gray-200">Values for scheduled runs</legend>
      <p className="text-xs text-gray-600 dark:text-gray-400">Left empty, a parameter takes its default.</p>
      <RunParametersFields
        form={form as unknown as ParameterFieldsForm}
        prefix="scheduleParameters"
        declaration={declaration.map((parameter) => ({ ...parameter, required: false }))}
      />
    </fieldset>
  );
}
