import { TASK_MESSAGES } from "@flowdeck/shared/tasks/messages";
import type { Task } from "@flowdeck/shared/tasks/schemas";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { useDeleteTask } from "../api/delete-task.ts";
import { type Notice } from "@/components/ui/notice.tsx";

type DeleteTaskDialogProps = {
  orgId: string;
  task: Task | null;
  onClose: () => void;
  onDone: (notice: Notice) => void;
};

/**
 * Asks before deleting (spec 8). A command that workflows use may still be deleted: their steps
 * keep its name and show it as deleted (docs/decisions/007), and the dialog says so first.
 */
export function DeleteTaskDialog({ orgId, task, onClose, onDone }: DeleteTaskDialogProps) {
  const deleteTask = useDeleteTask(orgId);
  const workflows = task?.workflowCount ?? 0;

  const confirm = () => {
    if (!task) return;
    deleteTask.mutate(task.id, {
      onSuccess: () => onDone({ tone: "success", text: TASK_MESSAGES.deleted }),
      onError: (error) => onDone({ tone: "error", text: error.message }),
    });
  };

  return (
    <ConfirmDialog
      open={task !== null}
      title="Delete Command"
      message={
        <div className="space-y-2">
          <p>{TASK_MESSAGES.confirmDelete}</p>
          {task && <p className="font-medium wrap-anywhere text-gray-900 dark:text-gray-100">{task.name}</p>}
          {workflows > 0 && (
            <p className="text-amber-700 dark:text-amber-300">
              {`It is used in ${workflows} workflow${workflows === 1 ? "" : "s"}. Their steps keep the command's name and are marked as deleted.`}
            </p>
          )}
        </div>
      }
      confirmLabel="Delete"
      destructive
      busy={deleteTask.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
