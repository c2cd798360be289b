import type { CreateWorkflowInput, Workflow } from "@flowdeck/shared/workflows/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency-key.ts";
import { workflowKeys, workflowsPath } from "./workflow-keys.ts";

export type CreateWorkflowVariables = { input: CreateWorkflowInput; idempotencyKey: string };

export function createWorkflow(orgId: string, { input, idempotencyKey }: CreateWorkflowVariables) {
  return api<Workflow>(workflowsPath(orgId), {
    method: "POST",
    body: input,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

/** One key per submit: the query client's retry reuses it, so a lost answer never creates two. */
export function useCreateWorkflow(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: CreateWorkflowVariables) => createWorkflow(orgId, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all(orgId) }),
  });
}
