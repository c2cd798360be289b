import {
  TASK_CATEGORY_LABELS,
  TASK_PLATFORM_LABELS,
  TASK_PLATFORMS,
  TASK_PRIORITY_LABELS,
  type TaskPriority,
} from "@flowdeck/shared/tasks/constants";
import { commandPreview } from "@flowdeck/shared/tasks/format";
import type { Task } from "@flowdeck/shared/tasks/schemas";
import { Pencil, Tag, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Badge, type BadgeColor } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { formatDate, formatDateTime } from "@/lib/format-date.ts";

const PRIORITY_COLORS: Record<TaskPriority, BadgeColor> = {
  low: "gray",
  medium: "blue",
  high: "yellow",
  urgent: "red",
};

type TaskCardProps = {
  task: Task;
  /** When the list was loaded (ms): what is overdue is judged as of then. */
  now: number;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
};

/** A command's card (spec 2 "Tasks"): its lines per platform cut at 50 characters, tags and runs. */
export function TaskCard({ task, now, onEdit, onDelete }: TaskCardProps) {
  const titleId = `task-${task.id}-name`;
  const overdue = task.dueDate !== null && new Date(task.dueDate).getTime() < now;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <h2 id={titleId} className="min-w-0 text-base font-semibold wrap-anywhere text-gray-900 dark:text-gray-100">
          {task.name}
        </h2>
        <div className="flex flex-wrap gap-1.5">
          <Badge color={task.status === "active" ? "green" : "gray"}>
            {task.status === "active" ? "Active" : "Inactive"}
          </Badge>
          <Badge color="purple">{TASK_CATEGORY_LABELS[task.category]}</Badge>
          {task.priority && <Badge color={PRIORITY_COLORS[task.priority]}>{TASK_PRIORITY_LABELS[task.priority]}</Badge>}
        </div>
      </div>

      {task.description && (
        <p className="mt-2 line-clamp-3 text-sm wrap-anywhere text-gray-600 dark:text-gray-400">{task.description}</p>
      )}

      <dl className="mt-4 space-y-1.5">
        {TASK_PLATFORMS.map((platform) => {
          const command = task.commands[platform];
          return (
            <div key={platform} className="flex items-baseline gap-2">
              <dt className="w-16 shrink-0 text-xs font-medium text-gray-500 dark:text-gray-400">
                {TASK_PLATFORM_LABELS[platform]}
              </dt>
              <dd className="min-w-0 flex-1">
                {command ? (
                  <code
                    title={command}
                    className="block rounded bg-gray-100 px-2 py-1 font-mono text-xs break-all whitespace-pre-wrap text-gray-800 dark:bg-gray-800 dark:text-gray-200"
                  >
                    {commandPreview(command)}
                  </code>
                ) : (
                  <span className="text-xs text-gray-600 italic dark:text-gray-400">Not set</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>

      {task.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
          {task.tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-md bg-indigo-50 px-2 py-0.5 text-xs text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
            >
              <Tag aria-hidden="true" className="size-3" />
              {tag}
            </li>
          ))}
        </ul>
      )}

      <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-1 border-t border-gray-100 pt-3 text-xs text-gray-500 sm:grid-cols-2 dark:border-gray-800 dark:text-gray-400">
        <Meta label="Created" value={formatDate(task.createdAt)} />
        <Meta label="Executions" value={String(task.executionCount)} />
        <Meta label="Last executed" value={task.lastExecuted ? formatDateTime(task.lastExecuted) : "Never"} />
        {task.dueDate && (
          <Meta
            label="Due"
            value={
              <span className={overdue ? "font-medium text-red-600 dark:text-red-400" : undefined}>
                {formatDate(task.dueDate)}
                {overdue && " (overdue)"}
              </span>
            }
          />
        )}
        {task.assigneeName && <Meta label="Assignee" value={task.assigneeName} />}
        {task.workflowCount > 0 && (
          <Meta
            label="Workflows"
            value={`Used in ${task.workflowCount} workflow${task.workflowCount === 1 ? "" : "s"}`}
          />
        )}
      </dl>

      <div className="mt-auto flex gap-2 pt-4">
        <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => onEdit(task)}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit<span className="sr-only"> {task.name}</span>
        </Button>
        <Button
          variant="ghost"
          className="flex-1 text-red-600 hover:bg-red-50 sm:flex-none dark:text-red-400 dark:hover:bg-red-950"
          onClick={() => onDelete(task)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete<span className="sr-only"> {task.name}</span>
        </Button>
      </div>
    </article>
  );
}

function Meta({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt>{label}:</dt>
      <dd className="min-w-0 font-medium wrap-anywhere text-gray-700 dark:text-gray-300">{value}</dd>
    </div>
  );
}
