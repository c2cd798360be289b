import clsx from "clsx";
import { LayoutGrid, List } from "lucide-react";
import type { ViewMode } from "@/lib/use-view-mode.ts";

const VIEWS: { mode: ViewMode; label: string; icon: typeof List }[] = [
  { mode: "grid", label: "Grid view", icon: LayoutGrid },
  { mode: "list", label: "List view", icon: List },
];

/** The grid/list switch: two icon buttons in a group named "Layout", the current one pressed. */
export function ViewModeToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <div
      role="group"
      aria-label="Layout"
      className="flex shrink-0 rounded-lg border border-gray-300 bg-white p-0.5 dark:border-gray-700 dark:bg-gray-900"
    >
      {VIEWS.map(({ mode, label, icon: Icon }) => (
        <button
          key={mode}
          type="button"
          onClick={() => onChange(mode)}
          aria-pressed={value === mode}
          aria-label={label}
          title={label}
          className={clsx(
            "rounded-md p-1.5",
            value === mode
              ? "bg-indigo-600 text-white"
              : "text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100",
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
    </div>
  );
}
