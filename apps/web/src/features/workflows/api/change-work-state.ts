import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { workflowKeys, workflowPath } from "./workflow-keys.ts";

export type WorkState = "start" | "complete";

/** Start (in progress) or Complete (100 %), spec 4. Doing either twice leaves the same state. */
export function changeWorkState(orgId: string, workflowId: string, action: WorkState) {
  return api<Workflow>(workflowPath(orgId, workflowId, `/${action}`), { method: "POST" });
}

export function useChangeWorkState(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workflowId, action }: { workflowId: string; action: WorkState }) =>
      changeWorkState(orgId, workflowId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all(orgId) }),
  });
}
