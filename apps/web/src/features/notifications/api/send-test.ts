import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { notificationKeys, notificationsPath } from "./notification-keys.ts";

export function sendTest(orgId: string, ruleId: string) {
  return api<{ queued: number }>(notificationsPath(orgId, `/rules/${encodeURIComponent(ruleId)}/test`), {
    method: "POST",
  });
}

export function useSendTest(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => sendTest(orgId, ruleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.allDeliveries(orgId) }),
  });
}
