import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import type { ParameterValues } from "@flowdeck/shared/workflows/parameters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency-key.ts";
import { orgKey } from "@/lib/org-api.ts";
import type { RunChoice, RunExtras } from "../components/run-now-dialog.tsx";
import { workflowKeys, workflowPath } from "./workflow-keys.ts";

/**
 * A platform queues the run for a runner of it, "runners" for the workflow's own runners;
 * "checklist" asks for a checklist to tick.
 */
export type ExecuteVariables = {
  workflowId: string;
  idempotencyKey: string;
  choice: RunChoice;
  /** The run's values; none for a workflow without parameters. */
  parameters?: ParameterValues;
} & RunExtras;

export function executeWorkflow(
  orgId: string,
  { workflowId, idempotencyKey, choice, parameters, note, confirmName, override, target }: ExecuteVariables,
) {
  return api<RunDetail>(workflowPath(orgId, workflowId, "/execute"), {
    method: "POST",
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: {
      ...(choice === "checklist" ? { mode: "checklist" } : placement(choice, target)),
      ...(parameters && { parameters }),
      ...(note && { note }),
      ...(confirmName !== undefined && { confirmName }),
      ...(override && { override }),
    },
  });
}

/**
 * Where an executed run goes: the platform chosen, or (its own runners, or a runner chosen under
 * Run on) no platform, which then follows the runners (decision 080).
 */
function placement(choice: Exclude<RunChoice, "checklist">, target: ExecuteVariables["target"]) {
  if (target) return { target };
  return choice === "runners" ? {} : { platform: choice };
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
