import type { HookSecrets } from "@flowdeck/shared/hooks/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { hookKeys, hooksPath } from "./hook-keys.ts";

/** A new URL (and signing secret): the old URL stops answering at once. */
export function useRotateHook(orgId: string, workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hookId: string) =>
      api<HookSecrets>(hooksPath(orgId, workflowId, `/${encodeURIComponent(hookId)}/rotate`), { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hookKeys.all(orgId) }),
  });
}
