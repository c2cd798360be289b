import {
  TASK_CATEGORIES,
  TASK_CATEGORY_LABELS,
  TASK_PLATFORM_LABELS,
  TASK_PLATFORMS,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  type TaskPlatform,
} from "@flowdeck/shared/tasks/constants";
import { TASK_MESSAGES } from "@flowdeck/shared/tasks/messages";
import { CreateTaskSchema, type Task } from "@flowdeck/shared/tasks/schemas";
import { useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { focusFirstInvalid } from "@/lib/focus-first-invalid.ts";
import { fieldErrorsFromApi, fieldErrorsOf, type FieldErrors } from "@/lib/form-errors.ts";
import { useAssignees } from "../api/get-assignees.ts";
import { useCreateTask } from "../api/create-task.ts";
import { useUpdateTask } from "../api/update-task.ts";
import { emptyTaskForm, formToInput, taskToForm, type TaskFormValues } from "../lib/task-form-values.ts";
import { useIntent } from "@/lib/idempotency-key.ts";

const PLACEHOLDERS: Record<TaskPlatform, string> = {
  windows: "e.g. Restart-Service -Name nginx",
  linux: "e.g. sudo systemctl restart nginx",
  mac: "e.g. brew services restart nginx",
};

type TaskFormModalProps = {
  orgId: string;
  open: boolean;
  /** The task being edited; none to add one. */
  task: Task | null;
  onClose: () => void;
  onSaved: (message: string) => void;
};

/** Adds or edits a command in a modal (spec 5 "Task form"). Mounted anew for each opening. */
export function TaskFormModal({ orgId, open, task, onClose, onSaved }: TaskFormModalProps) {
  const [values, setValues] = useState<TaskFormValues>(() => (task ? taskToForm(task) : emptyTaskForm()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const createTask = useCreateTask(orgId);
  const updateTask = useUpdateTask(orgId);
  const assignees = useAssignees(orgId, open);
  const busy = createTask.isPending || updateTask.isPending;
  const saveIntent = useIntent();
  const formId = "task-form";
  const formRef = useRef<HTMLFormElement>(null);

  // Keyboard and screen-reader users land on the first field to fix.
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    if (formRef.current) focusFirstInvalid(formRef.current);
  };

  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateTaskSchema.safeParse(formToInput(values));
    if (!parsed.success) return showErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    if (!saveIntent.begin(parsed.data)) return; // a second Enter or click while saving
    let saved = false;
    try {
      if (task) await updateTask.mutateAsync({ taskId: task.id, input: parsed.data });
      else await createTask.mutateAsync(parsed.data);
      saved = true;
      onSaved(task ? TASK_MESSAGES.updated : TASK_MESSAGES.created);
    } catch (error) {
      showErrors(fieldErrorsFromApi(error, "The command could not be saved. Please try again."));
    } finally {
      saveIntent.end(saved);
    }
  };

  // A kept assignee who has left the organization is still shown, so saving does not drop them.
  const assigneeOptions = assignees.data ?? [];
  const formerAssignee =
    task?.assigneeId && !assigneeOptions.some((option) => option.id === task.assigneeId)
      ? { id: task.assigneeId, label: task.assigneeName ?? "Former member" }
      : null;
  const commandsError =
    errors.commands ?? TASK_PLATFORMS.map((platform) => errors[`commands.${platform}`]).find(Boolean);
  const generalError =
    errors._ ?? (Object.keys(errors).length > 0 && !knownField(errors) ? firstOf(errors) : undefined);

  return (
    <Modal
      open={open}
      onClose={() => !busy && onClose()}
      title={task ? "Edit Command" : "Add Command"}
      description="A command line for each platform your team runs it on."
      size="2xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {busy ? "Saving..." : task ? "Save Changes" : "Add Command"}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        {generalError && <Alert tone="error">{generalError}</Alert>}
        <TextField
          label="Name"
          value={values.name}
          error={errors.name}
          autoFocus
          autoComplete="off"
          maxLength={200}
          onChange={(event) => set("name", event.target.value)}
        />
        <TextAreaField
          label="Description"
          rows={2}
          value={values.description}
          error={errors.description}
          limit={2000}
          onChange={(event) => set("description", event.target.value)}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            label="Category"
            value={values.category}
            error={errors.category}
            onChange={(event) => set("category", event.target.value as TaskFormValues["category"])}
          >
            {TASK_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {TASK_CATEGORY_LABELS[category]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Status"
            value={values.status}
            error={errors.status}
            onChange={(event) => set("status", event.target.value as TaskFormValues["status"])}
          >
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </SelectField>
        </div>

        <fieldset
          aria-describedby={errors.commands ? "task-commands-hint task-commands-error" : "task-commands-hint"}
          className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
        >
          <legend className="px-1 text-sm font-semibold text-gray-900 dark:text-gray-100">Commands</legend>
          <p id="task-commands-hint" className="-mt-1 text-xs text-gray-500 dark:text-gray-400">
            Fill in the command for at least one platform.
          </p>
          {TASK_PLATFORMS.map((platform) => (
            <TextAreaField
              key={platform}
              label={TASK_PLATFORM_LABELS[platform]}
              rows={2}
              monospace
              spellCheck={false}
              autoCapitalize="off"
              autoCorrect="off"
              placeholder={PLACEHOLDERS[platform]}
              value={values[platform]}
              aria-invalid={commandsError ? true : undefined}
              error={errors[`commands.${platform}`]}
              onChange={(event) => set(platform, event.target.value)}
            />
          ))}
          {errors.commands && (
            <p id="task-commands-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errors.commands}
            </p>
          )}
        </fieldset>

        <TextField
          label="Tags"
          value={values.tags}
          error={errors.tags ?? firstMatching(errors, "tags.")}
          hint="Separate tags with commas, e.g. nginx, web"
          autoComplete="off"
          onChange={(event) => set("tags", event.target.value)}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <SelectField
            label="Assignee"
            value={values.assigneeId}
            error={errors.assigneeId}
            hint={assignees.isError ? "Members could not be loaded." : undefined}
            onChange={(event) => set("assigneeId", event.target.value)}
          >
            <option value="">Unassigned</option>
            {formerAssignee && (
              <option value={formerAssignee.id}>{`${formerAssignee.label} (no longer a member)`}</option>
            )}
            {assigneeOptions.map((assignee) => (
              <option key={assignee.id} value={assignee.id}>
                {assignee.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Priority"
            value={values.priority}
            error={errors.priority}
            onChange={(event) => set("priority", event.target.value as TaskFormValues["priority"])}
          >
            <option value="">None</option>
            {TASK_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {TASK_PRIORITY_LABELS[priority]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Due date"
            type="date"
            value={values.dueDate}
            error={errors.dueDate}
            onChange={(event) => set("dueDate", event.target.value)}
          />
        </div>
      </form>
    </Modal>
  );
}

const FIELDS_SHOWN = [
  "name",
  "description",
  "category",
  "status",
  "commands",
  "tags",
  "assigneeId",
  "priority",
  "dueDate",
];

function knownField(errors: FieldErrors) {
  return Object.keys(errors).some((key) => FIELDS_SHOWN.includes(key.split(".")[0] ?? ""));
}

function firstOf(errors: FieldErrors) {
  return Object.values(errors)[0];
}

function firstMatching(errors: FieldErrors, prefix: string) {
  return Object.entries(errors).find(([key]) => key.startsWith(prefix))?.[1];
}
