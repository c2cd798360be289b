import type { RunnerPlatform } from "@flowdeck/shared/runners/protocol";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency-key.ts";
import { workflowKeys, workflowPath } from "./workflow-keys.ts";
import { orgKey } from "@/lib/org-api.ts";

/** With a platform the run is queued for a runner; without one it is a checklist to tick. */
export type ExecuteVariables = { workflowId: string; idempotencyKey: string; platform: RunnerPlatform | null };

export function executeWorkflow(orgId: string, { workflowId, idempotencyKey, platform }: ExecuteVariables) {
  return api<Workflow>(workflowPath(orgId, workflowId, "/execute"), {
    method: "POST",
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: platform ? { platform } : {},
  });
}

/** Run now. One key per click, reused by the retry: a lost answer never runs the workflow twice. */
export function useExecuteWorkflow(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: ExecuteVariables) => executeWorkflow(orgId, variables),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workflowKeys.all(orgId) });
      // The commands' execution counts went up.
      void queryClient.invalidateQueries({ queryKey: orgKey(orgId, "task") });
    },
  });
}
