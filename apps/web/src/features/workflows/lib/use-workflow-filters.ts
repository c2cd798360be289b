import { WORKFLOW_STATUSES, type WorkflowStatus } from "@flowdeck/shared/workflows/constants";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export type StatusFilter = WorkflowStatus | "all";

export type WorkflowFilters = { status: StatusFilter; page: number };

function readStatus(value: string | null): StatusFilter {
  return (WORKFLOW_STATUSES as readonly string[]).includes(value ?? "") ? (value as WorkflowStatus) : "all";
}

/**
 * The status filter and page live in the address (?status=&page=), so a reload or a shared link
 * shows the same list. Changing the filter goes back to the first page.
 */
export function useWorkflowFilters() {
  const [params, setParams] = useSearchParams();
  const filters: WorkflowFilters = {
    status: readStatus(params.get("status")),
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };

  const update = useCallback(
    (changes: Partial<WorkflowFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
          if (changes.status !== undefined) set("status", changes.status === "all" ? "" : changes.status);
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
