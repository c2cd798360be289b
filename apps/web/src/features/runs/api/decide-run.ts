import type { ApprovalDecision } from "@flowdeck/shared/runs/approvals";
import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { orgKey } from "@/lib/org-api.ts";
import { runKeys, runPath } from "./run-keys.ts";

/** Approve or reject a run that awaits approval, with a comment (decision 067). */
export function useDecideRun(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, decision, comment }: { runId: string; decision: ApprovalDecision; comment: string }) =>
      api<RunDetail>(runPath(orgId, runId, decision === "approved" ? "/approve" : "/reject"), {
        method: "POST",
        body: { comment },
      }),
    onSuccess: (run) => {
      queryClient.setQueryData(runKeys.run(orgId, run.id), run);
      // The workflow's card and history, and the Approvals list and its count.
      void queryClient.invalidateQueries({ queryKey: orgKey(orgId, "workflow") });
    },
  });
}
