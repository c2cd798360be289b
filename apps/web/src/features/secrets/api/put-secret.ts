import type { PutSecretInput, Secret } from "@flowdeck/shared/secrets/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { secretKeys, secretsPath } from "@/lib/secrets/secret-keys.ts";

/** Creates a secret or replaces its value (PUT). The value is sent once and never read back. */
export function usePutSecret(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, body }: { name: string; body: PutSecretInput }) =>
      api<Secret>(secretsPath(orgId, name), { method: "PUT", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: secretKeys.all(orgId) }),
  });
}
