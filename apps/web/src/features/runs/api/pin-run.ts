import type { RunPin } from "@flowdeck/shared/retention/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { orgKey } from "@/lib/org-api.ts";
import { runKeys, runPath } from "./run-keys.ts";

/** Pin or unpin a run: a pinned run is never deleted by retention (decision 029). */
export function usePinRun(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, pinned }: { runId: string; pinned: boolean }) =>
      api<RunPin>(runPath(orgId, runId, pinned ? "/pin" : "/unpin"), { method: "POST" }),
    onSuccess: (pin) => {
      void queryClient.invalidateQueries({ queryKey: runKeys.run(orgId, pin.id) });
      void queryClient.invalidateQueries({ queryKey: orgKey(orgId, "workflow") });
    },
  });
}
