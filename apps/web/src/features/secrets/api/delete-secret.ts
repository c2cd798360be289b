import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { secretKeys, secretsPath } from "@/lib/secrets/secret-keys.ts";

export function useDeleteSecret(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<void>(secretsPath(orgId, name), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: secretKeys.all(orgId) }),
  });
}
