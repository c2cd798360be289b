import { TASK_CATEGORIES, type TaskCategory, type TaskStatus } from "@flowdeck/shared/tasks/constants";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export type TaskTab = "all" | TaskStatus;

export type TaskFilters = { tab: TaskTab; category: TaskCategory | ""; q: string };

function readTab(value: string | null): TaskTab {
  return value === "active" || value === "inactive" ? value : "all";
}

function readCategory(value: string | null): TaskCategory | "" {
  return (TASK_CATEGORIES as readonly string[]).includes(value ?? "") ? (value as TaskCategory) : "";
}

/**
 * The list's tab, category and search live in the address (?status=&category=&q=), so a reload or
 * a shared link shows the same list. The page is the list's own (a cursor, not a number).
 */
export function useTaskFilters() {
  const [params, setParams] = useSearchParams();
  const filters: TaskFilters = {
    tab: readTab(params.get("status")),
    category: readCategory(params.get("category")),
    q: params.get("q") ?? "",
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
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { filters, update };
}
