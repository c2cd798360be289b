import { WORKFLOW_STATUS_LABELS } from "@flowdeck/shared/workflows/constants";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { CreateWorkflowSchema, type Workflow } from "@flowdeck/shared/workflows/schemas";
import { useId, useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { fieldErrorsFromApi, fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { useIntent } from "@/lib/idempotency-key.ts";
import { useCreateWorkflow } from "../api/create-workflow.ts";
import { useWorkflowCommands } from "../api/get-workflow-commands.ts";
import { useUpdateWorkflow } from "../api/update-workflow.ts";
import {
  emptyWorkflowForm,
  formToCreateInput,
  formToUpdateInput,
  workflowToForm,
  type WorkflowFormValues,
} from "../lib/workflow-form-values.ts";
import { CommandPicker } from "./command-picker.tsx";
import { RunSettingsFields } from "./run-settings-fields.tsx";
import { ScheduleFields } from "./schedule-fields.tsx";

type WorkflowFormProps = {
  orgId: string;
  /** The workflow being edited; none to create one. */
  workflow: Workflow | null;
  timezone: string | undefined;
  onCancel: () => void;
  onSaved: (message: string) => void;
};

const KNOWN_FIELDS = [
  "name",
  "description",
  "status",
  "dueDate",
  "taskIds",
  "schedule",
  "timeoutSeconds",
  "runnerLabels",
  "concurrencyPolicy",
];

/** Creates or edits a workflow inline on the page (spec 2, spec 5 "Workflow form"). */
export function WorkflowForm({ orgId, workflow, timezone, onCancel, onSaved }: WorkflowFormProps) {
  const [values, setValues] = useState<WorkflowFormValues>(() =>
    workflow ? workflowToForm(workflow) : emptyWorkflowForm(),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const commands = useWorkflowCommands(orgId);
  const createWorkflow = useCreateWorkflow(orgId);
  const updateWorkflow = useUpdateWorkflow(orgId);
  const busy = createWorkflow.isPending || updateWorkflow.isPending;
  const saveIntent = useIntent();
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();

  const set = <K extends keyof WorkflowFormValues>(key: K, value: WorkflowFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  // Keyboard and screen-reader users land on the first field to fix.
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')?.focus(),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateWorkflowSchema.safeParse(formToCreateInput(values));
    if (!parsed.success) return showErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    // A second Enter or click while saving is the same intent: sent once, with one key.
    const idempotencyKey = saveIntent.begin(parsed.data);
    if (!idempotencyKey) return;
    let saved = false;
    try {
      if (workflow) {
        await updateWorkflow.mutateAsync({ workflowId: workflow.id, input: formToUpdateInput(values, workflow) });
      } else {
        await createWorkflow.mutateAsync({ input: parsed.data, idempotencyKey });
      }
      saved = true;
      onSaved(workflow ? WORKFLOW_MESSAGES.updated : WORKFLOW_MESSAGES.created);
    } catch (error) {
      showErrors(fieldErrorsFromApi(error, "The workflow could not be saved. Please try again."));
    } finally {
      saveIntent.end(saved);
    }
  };

  // Commands already chosen that are no longer offered (made inactive) keep their names.
  const knownNames = new Map(workflow?.steps.flatMap((step) => (step.taskId ? [[step.taskId, step.name]] : [])));
  const deletedSteps = workflow?.steps.filter((step) => step.taskId === null).length ?? 0;
  const generalError =
    errors._ ?? Object.entries(errors).find(([key]) => !KNOWN_FIELDS.includes(key.split(".")[0] ?? ""))?.[1];
  const workState = values.status === "in-progress" || values.status === "completed";

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-indigo-200 bg-white p-5 shadow-sm dark:border-indigo-900 dark:bg-gray-900"
    >
      <h2 id={titleId} className="text-lg font-semibold text-gray-900 dark:text-gray-100">
        {workflow ? "Edit Workflow" : "Create Workflow"}
      </h2>
      <form ref={formRef} onSubmit={submit} noValidate className="mt-4 space-y-5">
        {generalError && <Alert tone="error">{generalError}</Alert>}
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <TextField
            label="Name"
            value={values.name}
            error={errors.name}
            autoFocus
            autoComplete="off"
            maxLength={200}
            onChange={(event) => set("name", event.target.value)}
          />
          <div className="grid grid-cols-2 gap-4">
            <SelectField
              label="Status"
              value={values.status}
              error={errors.status}
              onChange={(event) => set("status", event.target.value as WorkflowFormValues["status"])}
            >
              <option value="draft">Draft</option>
              <option value="active">Active</option>
              {workState && <option value={values.status}>{WORKFLOW_STATUS_LABELS[values.status]} (now)</option>}
            </SelectField>
            <TextField
              label="Due date"
              type="date"
              value={values.dueDate}
              error={errors.dueDate}
              onChange={(event) => set("dueDate", event.target.value)}
            />
          </div>
        </div>
        <TextAreaField
          label="Description"
          rows={2}
          value={values.description}
          error={errors.description}
          limit={2000}
          onChange={(event) => set("description", event.target.value)}
        />
        <CommandPicker
          commands={commands.data}
          loadError={commands.error ? commands.error.message : null}
          value={values.taskIds}
          onChange={(ids) => set("taskIds", ids)}
          knownNames={knownNames}
          error={errors.taskIds}
        />
        {deletedSteps > 0 && (
          <p className="text-xs text-amber-700 dark:text-amber-300">
            {deletedSteps === 1 ? "One step's command was" : `${deletedSteps} steps' commands were`} deleted. They stay
            until you change the list of commands.
          </p>
        )}
        <ScheduleFields values={values} set={set} errors={errors} timezone={timezone} />
        <RunSettingsFields values={values} set={set} errors={errors} commands={commands.data} knownNames={knownNames} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {busy ? "Saving..." : workflow ? "Save Changes" : "Create Workflow"}
          </Button>
        </div>
      </form>
    </section>
  );
}
