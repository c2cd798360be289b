import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency-key.ts";
import { orgKey } from "@/lib/org-api.ts";
import { runKeys, runPath } from "./run-keys.ts";

/**
 * Retry failed targets (decision 080): a new run on every matching runner, over only the runners
 * whose targets failed, timed out or were lost. One key per click: a lost answer never starts two.
 */
export function useRetryFailedTargets(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, idempotencyKey }: { runId: string; idempotencyKey: string }) =>
      api<RunDetail>(runPath(orgId, runId, "/retry-failed"), {
        method: "POST",
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onSuccess: (run) => {
      queryClient.setQueryData(runKeys.run(orgId, run.id), run);
      void queryClient.invalidateQueries({ queryKey: orgKey(orgId, "workflow") });
    },
  });
}
