import { TASK_LIMITS } from "@flowdeck/shared/tasks/constants";
import { TASK_MESSAGES } from "@flowdeck/shared/tasks/messages";
import type { CreateTaskData, Task } from "@flowdeck/shared/tasks/schemas";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useIntent } from "@/lib/idempotency-key.ts";
import { useZodForm, type ZodForm } from "@/lib/use-zod-form.ts";
import { useCreateTask } from "../api/create-task.ts";
import { useUpdateTask } from "../api/update-task.ts";
import {
  TaskFormSchema,
  emptyTaskForm,
  taskFormField,
  taskToForm,
  type TaskFormValues,
} from "../lib/task-form-values.ts";
import { TaskAssignmentFields } from "./task-assignment-fields.tsx";
import { TaskCommandsFieldset } from "./task-commands-fieldset.tsx";
import { TaskStatusFields } from "./task-status-fields.tsx";

export type TaskForm = ZodForm<TaskFormValues, CreateTaskData>;

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
  const form = useZodForm(TaskFormSchema, { defaultValues: task ? taskToForm(task) : emptyTaskForm() });
  const { attach: attachForm } = form;
  const createTask = useCreateTask(orgId);
  const updateTask = useUpdateTask(orgId);
  const busy = createTask.isPending || updateTask.isPending;
  const saveIntent = useIntent();

  const submit = form.submit(async (input) => {
    const idempotencyKey = saveIntent.begin(input);
    if (!idempotencyKey) return; // a second Enter or click while saving
    let saved = false;
    try {
      if (task) await updateTask.mutateAsync({ taskId: task.id, input });
      else await createTask.mutateAsync({ input, idempotencyKey });
      saved = true;
      onSaved(task ? TASK_MESSAGES.updated : TASK_MESSAGES.created);
    } catch (error) {
      form.showServerError(error, "The command could not be saved. Please try again.", taskFormField);
    } finally {
      saveIntent.end(saved);
    }
  });

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
          <Button type="submit" form="task-form" busy={busy}>
            {busy ? "Saving..." : task ? "Save Changes" : "Add Command"}
          </Button>
        </>
      }
    >
      <form id="task-form" ref={attachForm} onSubmit={submit} noValidate className="space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <TextField
          label="Name"
          error={form.errorOf("name")}
          autoFocus
          autoComplete="off"
          limit={TASK_LIMITS.name}
          value={form.watch("name")}
          {...form.register("name")}
        />
        <TextAreaField
          label="Description"
          rows={2}
          error={form.errorOf("description")}
          limit={TASK_LIMITS.description}
          value={form.watch("description")}
          {...form.register("description")}
        />
        <TaskStatusFields form={form} />
        <TaskCommandsFieldset form={form} />
        <TextField
          label="Tags"
          error={form.errorOf("tags")}
          hint="Separate tags with commas, e.g. nginx, web"
          autoComplete="off"
          {...form.register("tags")}
        />
        <TaskAssignmentFields orgId={orgId} task={task} form={form} />
      </form>
    </Modal>
  );
}
