import type { StepStatus } from "@flowdeck/shared/workflows/constants";
import type { Workflow, WorkflowPage } from "@flowdeck/shared/workflows/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { workflowKeys, workflowPath } from "./workflow-keys.ts";

export type StepStatusVariables = { workflowId: string; stepId: string; status: StepStatus };

export function setStepStatus(orgId: string, { workflowId, stepId, status }: StepStatusVariables) {
  return api<Workflow>(workflowPath(orgId, workflowId, `/steps/${encodeURIComponent(stepId)}`), {
    method: "PATCH",
    body: { status },
  });
}

/**
 * Marks a step of one workflow done or to do; setting the same status twice is harmless, so a
 * retry is too. The answer (the recalculated workflow) goes straight into the lists, so the card
 * shows the new progress without waiting for the refetch.
 *
 * The workflow's steps are sent one after another (one mutation scope): each answer then holds
 * every step ticked before it, and an earlier answer can never land after a later one and untick
 * a step on screen.
 */
export function useSetStepStatus(orgId: string, workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `step-status:${orgId}:${workflowId}` },
    mutationFn: (variables: StepStatusVariables) => setStepStatus(orgId, variables),
    onSuccess: (workflow) => {
      queryClient.setQueriesData<WorkflowPage>(
        { queryKey: [...workflowKeys.all(orgId), "list"] },
        (page) => page && { ...page, items: page.items.map((item) => (item.id === workflow.id ? workflow : item)) },
      );
      // The run under way records the step, and ends when it was the last one: its history refreshes.
      void queryClient.invalidateQueries({ queryKey: workflowKeys.all(orgId) });
    },
  });
}
