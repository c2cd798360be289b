import type { CreateHookInput, HookSecrets } from "@flowdeck/shared/hooks/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { hookKeys, hooksPath } from "./hook-keys.ts";

/** Creates a webhook; the answer's URL and signing secret are shown once. */
export function useCreateHook(orgId: string, workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateHookInput) => api<HookSecrets>(hooksPath(orgId, workflowId), { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hookKeys.all(orgId) }),
  });
}
