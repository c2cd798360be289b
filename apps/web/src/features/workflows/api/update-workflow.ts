import type { UpdateWorkflowInput, Workflow } from "@flowdeck/shared/workflows/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { workflowKeys, workflowPath } from "./workflow-keys.ts";

export function updateWorkflow(orgId: string, workflowId: string, input: UpdateWorkflowInput) {
  return api<Workflow>(workflowPath(orgId, workflowId), { method: "PATCH", body: input });
}

export function useUpdateWorkflow(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workflowId, input }: { workflowId: string; input: UpdateWorkflowInput }) =>
      updateWorkflow(orgId, workflowId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all(orgId) }),
  });
}
