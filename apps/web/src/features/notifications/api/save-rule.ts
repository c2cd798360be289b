import type { NotificationRuleInput, SavedNotificationRule } from "@flowdeck/shared/notifications/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { notificationKeys, notificationsPath } from "./notification-keys.ts";

/** Creates a rule, or replaces one's settings; the answer carries a webhook secret only when one was set. */
export function saveRule(orgId: string, ruleId: string | null, input: NotificationRuleInput) {
  return api<SavedNotificationRule>(
    notificationsPath(orgId, ruleId ? `/rules/${encodeURIComponent(ruleId)}` : "/rules"),
    {
      method: ruleId ? "PUT" : "POST",
      body: input,
    },
  );
}

export function useSaveRule(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ruleId, input }: { ruleId: string | null; input: NotificationRuleInput }) =>
      saveRule(orgId, ruleId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.rules(orgId) }),
  });
}
