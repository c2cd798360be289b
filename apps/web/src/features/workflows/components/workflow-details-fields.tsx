import { WORKFLOW_LIMITS, WORKFLOW_STATUS_LABELS } from "@flowdeck/shared/workflows/constants";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import type { WorkflowForm } from "../lib/workflow-form-values.ts";

/** A workflow's name, status, due date and description. */
export function WorkflowDetailsFields({ form }: { form: WorkflowForm }) {
  const status = form.watch("status");
  // A workflow being worked on keeps its status until the person picks draft or active.
  const workState = status === "in-progress" || status === "completed";
  return (
    <>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <TextField
          label="Name"
          error={form.errorOf("name")}
          autoFocus
          autoComplete="off"
          limit={WORKFLOW_LIMITS.name}
          value={form.watch("name")}
          {...form.register("name")}
        />
        <div className="grid grid-cols-2 gap-4">
          <SelectField label="Status" error={form.errorOf("status")} {...form.register("status")}>
            <option value="draft">Draft</option>
            <option value="active">Active</option>
            {workState && <option value={status}>{WORKFLOW_STATUS_LABELS[status]} (now)</option>}
          </SelectField>
          <TextField label="Due date" type="date" error={form.errorOf("dueDate")} {...form.register("dueDate")} />
        </div>
      </div>
      <TextAreaField
        label="Description"
        rows={2}
        error={form.errorOf("description")}
        limit={WORKFLOW_LIMITS.description}
        value={form.watch("description")}
        {...form.register("description")}
      />
    </>
  );
}
