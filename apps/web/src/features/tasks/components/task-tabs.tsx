import clsx from "clsx";
import { useRef, type KeyboardEvent } from "react";
import type { TaskTab } from "../lib/use-task-filters.ts";

const TABS: { value: TaskTab; label: string }[] = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
];

export const TASK_PANEL_ID = "task-list-panel";

export function tabId(tab: TaskTab) {
  return `task-tab-${tab}`;
}

type TaskTabsProps = {
  value: TaskTab;
  counts?: Record<TaskTab, number>;
  onChange: (tab: TaskTab) => void;
};

/** Tabs All / Active / Inactive; arrow keys, Home and End move between them (WAI-ARIA tabs). */
export function TaskTabs({ value, counts, onChange }: TaskTabsProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % TABS.length
        : event.key === "ArrowLeft"
          ? (index + last) % TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onChange(TABS[next]!.value);
  };

  return (
    <div
      role="tablist"
      aria-label="Command status"
      className="inline-flex rounded-lg border border-gray-200 bg-gray-100 p-1 dark:border-gray-800 dark:bg-gray-900"
    >
      {TABS.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            id={tabId(tab.value)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={TASK_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={clsx(
              "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
              selected
                ? "bg-white text-gray-900 shadow-sm dark:bg-gray-700 dark:text-gray-100"
                : "text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100",
            )}
          >
            {tab.label}
            {counts && (
              <span className="ml-1.5 text-xs text-gray-700 tabular-nums dark:text-gray-300">{counts[tab.value]}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}
