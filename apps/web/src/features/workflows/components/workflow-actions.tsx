import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { CheckCheck, Pencil, Play, PlayCircle, Trash2, Webhook } from "lucide-react";
import { Suspense, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { useChangeWorkState, type WorkState } from "../api/change-work-state.ts";
import { useRunNow } from "./use-run-now.tsx";
import { type Notice } from "@/components/ui/notice.tsx";
import { lazyNamed } from "@/lib/lazy-named.ts";

// Opened by a few, rarely: its forms load on the first click, not with the list.
const WebhooksDialog = lazyNamed(() => import("./webhooks-dialog.tsx"), "WebhooksDialog");

export type WorkflowHandlers = {
  onEdit: (workflow: Workflow) => void;
  onDelete: (workflow: Workflow) => void;
  onNotice: (notice: Notice) => void;
};

type WorkflowActionsProps = WorkflowHandlers & { orgId: string; workflow: Workflow };

/** Run now, Start, Complete (spec 4), Webhooks, Edit and Delete; shown to editors and above only. */
export function WorkflowActions({ orgId, workflow, onEdit, onDelete, onNotice }: WorkflowActionsProps) {
  const runNow = useRunNow({ orgId, workflow, onNotice });
  const workState = useChangeWorkState(orgId);
  const [webhooksOpen, setWebhooksOpen] = useState(false);
  const running = workflow.lastRun?.status === "running" || workflow.lastRun?.status === "queued";
  const hidden = <span className="sr-only"> {workflow.name}</span>;
  const fail = (error: Error) => onNotice({ tone: "error", text: error.message });

  const change = (action: WorkState) => workState.mutate({ workflowId: workflow.id, action }, { onError: fail });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        busy={runNow.busy}
        disabled={running}
        title={running ? "A run is under way: let it finish or cancel it first" : undefined}
        onClick={() => void runNow.open()}
      >
        <Play aria-hidden="true" className="size-4" />
        Run now{hidden}
      </Button>
      {runNow.dialog}
      {workflow.status !== "in-progress" && (
        <Button
          variant="ghost"
          className="px-3 py-1.5"
          busy={workState.isPending && workState.variables?.action === "start"}
          onClick={() => change("start")}
        >
          <PlayCircle aria-hidden="true" className="size-4" />
          Start{hidden}
        </Button>
      )}
      {workflow.status !== "completed" && (
        <Button
          variant="ghost"
          className="px-3 py-1.5"
          busy={workState.isPending && workState.variables?.action === "complete"}
          onClick={() => change("complete")}
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          Complete{hidden}
        </Button>
      )}
      <Button variant="ghost" className="px-3 py-1.5" onClick={() => setWebhooksOpen(true)}>
        <Webhook aria-hidden="true" className="size-4" />
        Webhooks{hidden}
      </Button>
      {webhooksOpen && (
        <Suspense fallback={null}>
          <WebhooksDialog orgId={orgId} workflow={workflow} open onClose={() => setWebhooksOpen(false)} />
        </Suspense>
      )}
      <span className="ml-auto flex gap-1">
        <Button
          variant="ghost"
          className="px-2.5 py-1.5"
          title={`Edit ${workflow.name}`}
          onClick={() => onEdit(workflow)}
        >
          <Pencil aria-hidden="true" className="size-4" />
          <span className="sr-only">Edit {workflow.name}</span>
        </Button>
        <Button
          variant="ghost"
          className="px-2.5 py-1.5 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
          title={`Delete ${workflow.name}`}
          onClick={() => onDelete(workflow)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          <span className="sr-only">Delete {workflow.name}</span>
        </Button>
      </span>
    </div>
  );
}
