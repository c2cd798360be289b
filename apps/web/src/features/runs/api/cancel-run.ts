import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { orgKey } from "@/lib/org-api.ts";
import { runKeys, runPath } from "./run-keys.ts";

/** Cancel: a queued run ends at once, a running one at its runner's next call. */
export function useCancelRun(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => api<RunDetail>(runPath(orgId, runId, "/cancel"), { method: "POST" }),
    onSuccess: (run) => {
      queryClient.setQueryData(runKeys.run(orgId, run.id), run);
      void queryClient.invalidateQueries({ queryKey: orgKey(orgId, "workflow") });
    },
  });
}
