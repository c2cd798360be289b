import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { notificationKeys, notificationsPath } from "./notification-keys.ts";

export function deleteRule(orgId: string, ruleId: string) {
  return api<void>(notificationsPath(orgId, `/rules/${encodeURIComponent(ruleId)}`), { method: "DELETE" });
}

export function useDeleteRule(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => deleteRule(orgId, ruleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(orgId) }),
  });
}
