import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { useDeleteWorkflow } from "../api/delete-workflow.ts";
import { type Notice } from "@/components/ui/notice.tsx";

type DeleteWorkflowDialogProps = {
  orgId: string;
  workflow: Workflow | null;
  onClose: () => void;
  onDone: (notice: Notice) => void;
};

/** Asks before deleting (spec 8); the workflow goes with its steps and run history. */
export function DeleteWorkflowDialog({ orgId, workflow, onClose, onDone }: DeleteWorkflowDialogProps) {
  const deleteWorkflow = useDeleteWorkflow(orgId);
  const confirm = () => {
    if (!workflow) return;
    deleteWorkflow.mutate(workflow.id, {
      onSuccess: () => onDone({ tone: "success", text: WORKFLOW_MESSAGES.deleted }),
      onError: (error) => onDone({ tone: "error", text: error.message }),
    });
  };
  return (
    <ConfirmDialog
      open={workflow !== null}
      title="Delete Workflow"
      message={
        <div className="space-y-2">
          <p>{WORKFLOW_MESSAGES.confirmDelete}</p>
          {workflow && <p className="font-medium wrap-anywhere text-gray-900 dark:text-gray-100">{workflow.name}</p>}
          <p className="text-gray-500 dark:text-gray-400">Its steps and run history go with it; the commands stay.</p>
        </div>
      }
      confirmLabel="Delete"
      destructive
      busy={deleteWorkflow.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
