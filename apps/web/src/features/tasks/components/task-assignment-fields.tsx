import { TASK_PRIORITIES, TASK_PRIORITY_LABELS } from "@flowdeck/shared/tasks/constants";
import type { Task } from "@flowdeck/shared/tasks/schemas";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useAssignees } from "../api/get-assignees.ts";
import type { TaskForm } from "./task-form-modal.tsx";

/** Assignee, priority and due date: the task form's last row. */
export function TaskAssignmentFields({ orgId, task, form }: { orgId: string; task: Task | null; form: TaskForm }) {
  const assignees = useAssignees(orgId);
  // A kept assignee who has left the organization is still shown, so saving does not drop them.
  const options = assignees.data ?? [];
  const former =
    task?.assigneeId && !options.some((option) => option.id === task.assigneeId)
      ? { id: task.assigneeId, label: task.assigneeName ?? "Former member" }
      : null;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <SelectField
        label="Assignee"
        error={form.errorOf("assigneeId")}
        hint={assignees.isError ? "Members could not be loaded." : undefined}
        {...form.register("assigneeId")}
      >
        <option value="">Unassigned</option>
        {former && <option value={former.id}>{`${former.label} (no longer a member)`}</option>}
        {options.map((assignee) => (
          <option key={assignee.id} value={assignee.id}>
            {assignee.label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Priority" error={form.errorOf("priority")} {...form.register("priority")}>
        <option value="">None</option>
        {TASK_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {TASK_PRIORITY_LABELS[priority]}
          </option>
        ))}
      </SelectField>
      <TextField label="Due date" type="date" error={form.errorOf("dueDate")} {...form.register("dueDate")} />
    </div>
  );
}
