import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { WorkflowPage } from "@flowdeck/shared/workflows/schemas";
import clsx from "clsx";
import type { ReactNode } from "react";
import { Plus, SearchX, Workflow as WorkflowIcon } from "lucide-react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { CursorPagination } from "@/components/ui/pagination.tsx";
import { Skeleton, SkeletonText } from "@/components/ui/skeleton.tsx";
import type { CursorPages } from "@/lib/use-cursor-pages.ts";
import type { ViewMode } from "@/lib/use-view-mode.ts";
import { useNow } from "../lib/use-now.ts";
import type { WorkflowHandlers } from "./workflow-actions.tsx";
import { WorkflowCard } from "./workflow-card.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";

type WorkflowListProps = WorkflowHandlers & {
  orgId: string;
  data: WorkflowPage | undefined;
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
  filtered: boolean;
  view: ViewMode;
  canEdit: boolean;
  onCreate: () => void;
  onClearFilter: () => void;
  pages: CursorPages;
  renderRuns: (workflowId: string) => ReactNode;
};

const LAYOUT: Record<ViewMode, string> = {
  // Cards keep their own height: an expanded one does not stretch its neighbours.
  grid: "grid grid-cols-1 items-start gap-4 lg:grid-cols-2 2xl:grid-cols-3",
  list: "flex flex-col gap-3",
};

/** The cards (grid or list) with their loading, error and empty states, and the page controls. */
export function WorkflowList({ data, error, filtered, view, canEdit, ...props }: WorkflowListProps) {
  const now = useNow();
  // A failed refresh keeps the cards already shown, under the message.
  const errorAlert = error && (
    <Alert tone="error">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{WORKFLOW_MESSAGES.loadFailed}</span>
        <Button variant="secondary" onClick={props.onRetry} busy={props.retrying}>
          Try again
        </Button>
      </div>
    </Alert>
  );
  if (!data) return errorAlert || <ListSkeleton view={view} />;
  if (data.items.length === 0 && props.pages.pageNumber === 1) {
    return filtered ? (
      <EmptyState
        icon={<SearchX aria-hidden="true" className="size-10 text-gray-400" />}
        title="No workflows match"
        text="No workflow has this status right now."
        action={
          <Button variant="secondary" onClick={props.onClearFilter}>
            Show all workflows
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<WorkflowIcon aria-hidden="true" className="size-10 text-indigo-500" />}
        title="No workflows yet"
        text={
          canEdit
            ? "Put commands in order, give them a schedule, and follow each run's progress here."
            : "Editors put commands in order and schedule them; the workflows they make appear here."
        }
        action={
          canEdit && (
            <Button onClick={props.onCreate}>
              <Plus aria-hidden="true" className="size-4" />
              Create your first workflow
            </Button>
          )
        }
      />
    );
  }
  return (
    <div className="space-y-6">
      {errorAlert}
      <div className={LAYOUT[view]}>
        {data.items.map((workflow) => (
          <WorkflowCard
            key={workflow.id}
            orgId={props.orgId}
            workflow={workflow}
            timezone={data.timezone}
            now={now}
            view={view}
            canEdit={canEdit}
            renderRuns={props.renderRuns}
            onEdit={props.onEdit}
            onDelete={props.onDelete}
            onNotice={props.onNotice}
          />
        ))}
      </div>
      <CursorPagination page={data} pages={props.pages} />
    </div>
  );
}

function ListSkeleton({ view }: { view: ViewMode }) {
  return (
    <div aria-busy="true" aria-label="Loading workflows" className={LAYOUT[view]}>
      {[0, 1, 2, 3].map((index) => (
        <div
          key={index}
          className={clsx(
            "space-y-4 rounded-lg border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900",
          )}
        >
          <div className="flex justify-between gap-4">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-24" />
          </div>
          <SkeletonText lines={2} />
          <Skeleton className="h-2 w-full" />
        </div>
      ))}
    </div>
  );
}
