import { WORKFLOW_STATUSES, type WorkflowStatus } from "@flowdeck/shared/workflows/constants";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export type StatusFilter = WorkflowStatus | "all";

export type WorkflowFilters = { status: StatusFilter };

function readStatus(value: string | null): StatusFilter {
  return (WORKFLOW_STATUSES as readonly string[]).includes(value ?? "") ? (value as WorkflowStatus) : "all";
}

/**
 * The status filter lives in the address (?status=), so a reload or a shared link shows the same
 * list. The page is the list's own (a cursor, not a number).
 */
export function useWorkflowFilters() {
  const [params, setParams] = useSearchParams();
  const filters: WorkflowFilters = {
    status: readStatus(params.get("status")),
  };

  const update = useCallback(
    (changes: Partial<WorkflowFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
          if (changes.status !== undefined) set("status", changes.status === "all" ? "" : changes.status);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { filters, update };
}
