import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { apiTokenKeys, apiTokensPath } from "./api-token-keys.ts";

export function useRevokeApiToken(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => api<void>(apiTokensPath(orgId, tokenId), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all(orgId) }),
  });
}
