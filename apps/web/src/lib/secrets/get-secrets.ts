import type { SecretList } from "@flowdeck/shared/secrets/schemas";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { secretKeys, secretsPath } from "./secret-keys.ts";

/** The organization's secrets: names, descriptions, who set them and when (never a value). */
export function useSecrets(orgId: string) {
  return useQuery({
    queryKey: secretKeys.list(orgId),
    queryFn: ({ signal }) => api<SecretList>(secretsPath(orgId), { signal }),
  });
}
