import type { Task, TaskPage } from "@flowdeck/shared/tasks/schemas";
import { TASK_MESSAGES } from "@flowdeck/shared/tasks/messages";
import { Plus, SearchX, TerminalSquare } from "lucide-react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { CursorPagination } from "@/components/ui/pagination.tsx";
import { Skeleton, SkeletonText } from "@/components/ui/skeleton.tsx";
import type { CursorPages } from "@/lib/use-cursor-pages.ts";
import { TaskCard } from "./task-card.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";

type TaskListProps = {
  data: TaskPage | undefined;
  pages: CursorPages;
  /** When the data arrived (ms). */
  loadedAt: number;
  error: Error | null;
  filtered: boolean;
  onAdd: () => void;
  onClearFilters: () => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
};

/** The cards with their loading, error and empty states, and the page controls. */
export function TaskList(props: TaskListProps) {
  const { data, error, filtered } = props;
  // A failed refresh keeps the cards already shown, under the message.
  const errorAlert = error && (
    <Alert tone="error" title={TASK_MESSAGES.loadError(error.message)}>
      {TASK_MESSAGES.loadErrorHint}
    </Alert>
  );
  if (!data) return errorAlert || <TaskListSkeleton />;
  if (data.items.length === 0 && props.pages.pageNumber === 1) {
    return filtered ? (
      <EmptyState
        icon={<SearchX aria-hidden="true" className="size-10 text-gray-400" />}
        title="No commands match"
        text="Try another tab, category or search."
        action={
          <Button variant="secondary" onClick={props.onClearFilters}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<TerminalSquare aria-hidden="true" className="size-10 text-indigo-500" />}
        title="No commands yet"
        text="Store the commands your team runs, with a line for Windows, Linux and macOS, so workflows can use them."
        action={
          <Button onClick={props.onAdd}>
            <Plus aria-hidden="true" className="size-4" />
            Add your first command
          </Button>
        }
      />
    );
  }
  return (
    <div className="space-y-6">
      {errorAlert}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3">
        {data.items.map((task) => (
          <TaskCard key={task.id} task={task} now={props.loadedAt} onEdit={props.onEdit} onDelete={props.onDelete} />
        ))}
      </div>
      <CursorPagination page={data} pages={props.pages} />
    </div>
  );
}

function TaskListSkeleton() {
  return (
    <div
      aria-busy="true"
      aria-label="Loading commands"
      className="grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3"
    >
      {[0, 1, 2, 3].map((index) => (
        <div
          key={index}
          className="space-y-4 rounded-lg border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900"
        >
          <div className="flex justify-between gap-4">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-24" />
          </div>
          <SkeletonText lines={2} />
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </div>
  );
}
