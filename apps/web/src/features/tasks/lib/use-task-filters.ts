import { TASK_CATEGORIES, type TaskCategory, type TaskStatus } from "@flowdeck/shared/tasks/constants";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export type TaskTab = "all" | TaskStatus;

export type TaskFilters = { tab: TaskTab; category: TaskCategory | ""; q: string; page: number };

function readTab(value: string | null): TaskTab {
  return value === "active" || value === "inactive" ? value : "all";
}

function readCategory(value: string | null): TaskCategory | "" {
  return (TASK_CATEGORIES as readonly string[]).includes(value ?? "") ? (value as TaskCategory) : "";
}

/**
 * The list's tab, category, search and page live in the address (?status=&category=&q=&page=), so a
 * reload or a shared link shows the same list. Changing a filter goes back to the first page.
 */
export function useTaskFilters() {
  const [params, setParams] = useSearchParams();
  const filters: TaskFilters = {
    tab: readTab(params.get("status")),
    category: readCategory(params.get("category")),
    q: params.get("q") ?? "",
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };

  const update = useCallback(
    (changes: Partial<TaskFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
          if (changes.tab !== undefined) set("status", changes.tab === "all" ? "" : changes.tab);
          if (changes.category !== undefined) set("category", changes.category);
          if (changes.q !== undefined) set("q", changes.q);
          const page = changes.page ?? 1;
          set("page", page > 1 ? String(page) : "");
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { filters, update };
}
