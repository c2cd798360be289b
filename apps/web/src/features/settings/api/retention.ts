import type { Retention } from "@flowdeck/shared/retention/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { settingsKeys } from "./settings-keys.ts";
import { orgPath } from "@/lib/org-api.ts";

const retentionPath = (orgId: string) => orgPath(orgId, `retention`);
// Under the organization's prefix: a change announced live refreshes it for everyone.
const retentionKey = (orgId: string) => [...settingsKeys.all(orgId), "retention"] as const;

export function useRetention(orgId: string) {
  return useQuery({
    queryKey: retentionKey(orgId),
    queryFn: ({ signal }) => api<Retention>(retentionPath(orgId), { signal }),
  });
}

/** Owners only (the server refuses others with its message). */
export function useSetRetention(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (retention: Retention) => api<Retention>(retentionPath(orgId), { method: "PUT", body: retention }),
    onSuccess: (retention) => queryClient.setQueryData(retentionKey(orgId), retention),
  });
}
