import type { AuditRetention } from "@flowdeck/shared/audit/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { settingsKeys } from "./settings-keys.ts";
import { orgPath } from "@/lib/org-api.ts";

function retentionPath(orgId: string) {
  return orgPath(orgId, `audit/retention`);
}

/** How many days the audit log keeps its rows (an owner's setting). */
export function useAuditRetention(orgId: string) {
  return useQuery({
    queryKey: settingsKeys.auditRetention(orgId),
    queryFn: ({ signal }) => api<AuditRetention>(retentionPath(orgId), { signal }),
  });
}

export function useUpdateAuditRetention(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => api<AuditRetention>(retentionPath(orgId), { method: "PUT", body: { days } }),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.auditRetention(orgId), data),
  });
}
