import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { hookKeys, hooksPath } from "./hook-keys.ts";

export function useRevokeHook(orgId: string, workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hookId: string) =>
      api<null>(hooksPath(orgId, workflowId, `/${encodeURIComponent(hookId)}`), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hookKeys.all(orgId) }),
  });
}
