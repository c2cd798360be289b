import { TASK_CATEGORIES, TASK_CATEGORY_LABELS } from "@flowdeck/shared/tasks/constants";
import { SelectField } from "@/components/ui/select-field.tsx";
import type { TaskForm } from "./task-form-modal.tsx";

/** Category and status: the task form's second row. */
export function TaskStatusFields({ form }: { form: TaskForm }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <SelectField label="Category" error={form.errorOf("category")} {...form.register("category")}>
        {TASK_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {TASK_CATEGORY_LABELS[category]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" error={form.errorOf("status")} {...form.register("status")}>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </SelectField>
    </div>
  );
}
