import type { NotificationRule } from "@flowdeck/shared/notifications/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { notificationKeys, notificationsPath } from "./notification-keys.ts";

export function getRules(orgId: string, signal?: AbortSignal) {
  return api<{ items: NotificationRule[] }>(notificationsPath(orgId, "/rules"), { signal });
}

export function rulesQueryOptions(orgId: string) {
  return queryOptions({ queryKey: notificationKeys.rules(orgId), queryFn: ({ signal }) => getRules(orgId, signal) });
}

export function useRules(orgId: string) {
  return useQuery(rulesQueryOptions(orgId));
}
