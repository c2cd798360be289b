import type { CreateApiTokenInput, CreatedApiToken } from "@flowdeck/shared/api-tokens/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { apiTokenKeys, apiTokensPath } from "./api-token-keys.ts";

export function useCreateApiToken(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenInput) => api<CreatedApiToken>(apiTokensPath(orgId), { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all(orgId) }),
  });
}
