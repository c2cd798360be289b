import { RUN_AFTER_MAX, RUN_AFTER_ON, RUN_AFTER_ON_LABELS } from "@flowdeck/shared/workflows/run-after";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { useFieldArray } from "react-hook-form";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useWorkflowChoices } from "../api/get-workflow-choices.ts";
import { declaredParameters } from "../lib/parameter-form-values.ts";
import { emptyRunAfter, pointerSuggestions } from "../lib/run-after-form-values.ts";
import type { WorkflowForm } from "../lib/workflow-form-values.ts";

type Choice = Pick<Workflow, "id" | "name" | "parameters" | "steps">;

/**
 * "Run after" (decision 073): rows of "start this workflow when <workflow> ends", each with a
 * pointer into that run for this workflow's parameters. A loop is refused by the server when saved;
 * its message goes under the row's workflow.
 */
export function RunAfterFields({
  orgId,
  form,
  workflow,
}: {
  orgId: string;
  form: WorkflowForm;
  /** The workflow being edited: it is not offered, and what it follows is named even before the list loads. */
  workflow: Workflow | null;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "runAfter" });
  const choices = useWorkflowChoices(orgId, fields.length > 0);
  const loaded: Choice[] = (choices.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (item) => item.id !== workflow?.id,
  );
  // What it follows today stays choosable (by name) on a page of the list not loaded yet.
  const known = workflow?.runAfter.filter((entry) => !loaded.some((item) => item.id === entry.workflowId)) ?? [];
  const options: Choice[] = [
    ...loaded,
    ...known.map((entry) => ({ id: entry.workflowId, name: entry.workflowName, parameters: [], steps: [] })),
  ];
  const listError = form.errorOf("runAfter");
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <legend className="px-1 text-sm font-medium">Run after</legend>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        Start this workflow when another one ends. Its parameters can take the first run&apos;s values:{" "}
        <code>/parameters/&lt;name&gt;</code> reads a parameter of that run,{" "}
        <code>/outputs/step&lt;n&gt;/&lt;key&gt;</code> what its step n wrote to <code>$FLOWDECK_OUTPUT</code>. A blank
        one takes its default.
      </p>
      {listError && <Alert tone="error">{listError}</Alert>}
      {fields.length === 0 && <p className="text-sm text-gray-600 dark:text-gray-400">Started only by itself.</p>}
      {choices.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The workflows could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void choices.refetch()}>
            Try again
          </button>
        </p>
      )}
      <ol className="space-y-3">
        {fields.map((field, index) => (
          <li key={field.id}>
            <RunAfterRow
              form={form}
              index={index}
              options={options}
              loading={choices.isPending}
              onRemove={() => remove(index)}
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" disabled={fields.length >= RUN_AFTER_MAX} onClick={() => append(emptyRunAfter())}>
          <Plus aria-hidden="true" className="size-4" />
          Add a workflow to run after
        </Button>
        {choices.hasNextPage && (
          <Button variant="ghost" busy={choices.isFetchingNextPage} onClick={() => void choices.fetchNextPage()}>
            Load more workflows
          </Button>
        )}
      </div>
    </fieldset>
  );
}

function RunAfterRow({
  form,
  index,
  options,
  loading,
  onRemove,
}: {
  form: WorkflowForm;
  index: number;
  options: Choice[];
  loading: boolean;
  onRemove: () => void;
}) {
  const path = `runAfter.${index}` as const;
  const suggestionsId = useId();
  const workflowId = form.watch(`${path}.workflowId`);
  const first = options.find((option) => option.id === workflowId);
  const title = `Run after ${index + 1}${first ? ` (${first.name})` : ""}`;
  const parameters = declaredParameters(form.watch("parameters"));
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-3 dark:border-gray-800 dark:bg-gray-950">
      <legend className="sr-only">{title}</legend>
      <div className="flex items-center gap-1">
        <span aria-hidden="true" className="min-w-0 flex-1 truncate text-sm font-medium">
          {title}
        </span>
        <Button variant="ghost" className="px-2 py-1 text-red-600 dark:text-red-400" onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
          <span className="sr-only">Remove {title}</span>
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Start this workflow after"
          required
          error={form.errorOf(`${path}.workflowId`)}
          {...form.register(`${path}.workflowId`)}
        >
          <option value="">{loading ? "Loading workflows…" : "Choose a workflow"}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="When it ends" error={form.errorOf(`${path}.on`)} {...form.register(`${path}.on`)}>
          {RUN_AFTER_ON.map((on) => (
            <option key={on} value={on}>
              {RUN_AFTER_ON_LABELS[on]}
            </option>
          ))}
        </SelectField>
      </div>
      {parameters.length === 0 ? (
        <p className="text-xs text-gray-600 dark:text-gray-400">
          This workflow has no parameters to give values from the first run.
        </p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-700 dark:text-gray-200">Parameters from its run</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {parameters.map((parameter) => (
              <TextField
                key={parameter.name}
                label={parameter.name}
                hint={parameter.label && parameter.label !== parameter.name ? parameter.label : undefined}
                placeholder="/outputs/step1/version"
                autoCapitalize="off"
                spellCheck={false}
                list={suggestionsId}
                error={form.errorOf(`${path}.parameters.${parameter.name}`)}
                {...form.register(`${path}.parameters.${parameter.name}`)}
              />
            ))}
          </div>
          <datalist id={suggestionsId}>
            {pointerSuggestions(first).map((suggestion) => (
              <option key={suggestion.value} value={suggestion.value}>
                {suggestion.label}
              </option>
            ))}
          </datalist>
        </fieldset>
      )}
    </fieldset>
  );
}
