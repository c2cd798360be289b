import type { Role } from "@flowdeck/shared";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { useId } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useIntent } from "@/lib/idempotency-key.ts";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { useCreateWorkflow } from "../api/create-workflow.ts";
import { useUpdateWorkflow } from "../api/update-workflow.ts";
import { useCommandNames } from "../lib/use-command-names.ts";
import {
  WorkflowFormSchema,
  emptyWorkflowForm,
  formToUpdateInput,
  workflowFormField,
  workflowToForm,
} from "../lib/workflow-form-values.ts";
import { ApprovalFields } from "./approval-fields.tsx";
import { CommandPicker } from "./command-picker.tsx";
import { ParametersFields } from "./parameters-fields.tsx";
import { RunAfterFields } from "./run-after-fields.tsx";
import { RunSettingsFields } from "./run-settings-fields.tsx";
import { ScheduleFields } from "./schedule-fields.tsx";
import { SecretsField } from "./secrets-field.tsx";
import { WorkflowDetailsFields } from "./workflow-details-fields.tsx";

type WorkflowFormProps = {
  orgId: string;
  /** The workflow being edited; none to create one. */
  workflow: Workflow | null;
  timezone: string | undefined;
  /** Whether to offer the link to Administration → Secrets when there are none yet. */
  canManageSecrets?: boolean;
  /** The member's role: only admins and owners change the guardrails. */
  role?: Role | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
};

/** Creates or edits a workflow inline on the page (spec 2, spec 5 "Workflow form"). */
export function WorkflowForm({
  orgId,
  workflow,
  timezone,
  canManageSecrets = false,
  role = null,
  onCancel,
  onSaved,
}: WorkflowFormProps) {
  const form = useZodForm(WorkflowFormSchema, {
    defaultValues: workflow ? workflowToForm(workflow) : emptyWorkflowForm(),
  });
  const { attach: attachForm } = form;
  const commandNames = useCommandNames(workflow?.steps);
  const createWorkflow = useCreateWorkflow(orgId);
  const updateWorkflow = useUpdateWorkflow(orgId);
  const busy = createWorkflow.isPending || updateWorkflow.isPending;
  const saveIntent = useIntent();
  const titleId = useId();

  const submit = form.submit(async (input) => {
    // A second Enter or click while saving is the same intent: sent once, with one key.
    const idempotencyKey = saveIntent.begin(input);
    if (!idempotencyKey) return;
    let saved = false;
    try {
      if (workflow) {
        const changes = formToUpdateInput(form.getValues(), workflow);
        await updateWorkflow.mutateAsync({ workflowId: workflow.id, input: changes });
      } else {
        await createWorkflow.mutateAsync({ input, idempotencyKey });
      }
      saved = true;
      onSaved(workflow ? WORKFLOW_MESSAGES.updated : WORKFLOW_MESSAGES.created);
    } catch (error) {
      form.showServerError(error, "The workflow could not be saved. Please try again.", workflowFormField);
    } finally {
      saveIntent.end(saved);
    }
  });

  const deletedSteps = workflow?.steps.filter((step) => step.taskId === null).length ?? 0;

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-indigo-200 bg-white p-5 shadow-sm dark:border-indigo-900 dark:bg-gray-900"
    >
      <h2 id={titleId} className="text-lg font-semibold text-gray-900 dark:text-gray-100">
        {workflow ? "Edit Workflow" : "Create Workflow"}
      </h2>
      <form ref={attachForm} onSubmit={submit} noValidate className="mt-4 space-y-5">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <WorkflowDetailsFields form={form} />
        <CommandPicker
          orgId={orgId}
          value={form.watch("taskIds")}
          onChange={(ids) => form.setValue("taskIds", ids)}
          names={commandNames}
          error={form.errorOf("taskIds")}
        />
        {deletedSteps > 0 && (
          <p className="text-xs text-amber-700 dark:text-amber-300">
            {deletedSteps === 1 ? "One step's command was" : `${deletedSteps} steps' commands were`} deleted. They stay
            until you change the list of commands.
          </p>
        )}
        <ParametersFields form={form} />
        <ScheduleFields form={form} timezone={timezone} />
        <RunAfterFields orgId={orgId} form={form} workflow={workflow} />
        <RunSettingsFields orgId={orgId} form={form} nameOf={commandNames.nameOf} />
        <SecretsField orgId={orgId} form={form} canManage={canManageSecrets} />
        <ApprovalFields orgId={orgId} form={form} role={role} workflowId={workflow?.id} />
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
