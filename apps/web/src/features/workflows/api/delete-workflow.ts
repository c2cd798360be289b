import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { workflowKeys, workflowPath } from "./workflow-keys.ts";

export function deleteWorkflow(orgId: string, workflowId: string) {
  return api<{ id: string }>(workflowPath(orgId, workflowId), { method: "DELETE" });
}

export function useDeleteWorkflow(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workflowId: string) => deleteWorkflow(orgId, workflowId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all(orgId) }),
  });
}
