import type { DeliveryPage } from "@flowdeck/shared/notifications/schemas";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { DELIVERIES_PAGE_SIZE, notificationKeys, notificationsPath } from "./notification-keys.ts";

export function getDeliveries(orgId: string, cursor: string | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams({ pageSize: String(DELIVERIES_PAGE_SIZE) });
  if (cursor) params.set("cursor", cursor);
  return api<DeliveryPage>(notificationsPath(orgId, `/deliveries?${params}`), { signal });
}

export function deliveriesQueryOptions(orgId: string, cursor: string | undefined) {
  return queryOptions({
    queryKey: notificationKeys.deliveries(orgId, cursor),
    queryFn: ({ signal }) => getDeliveries(orgId, cursor, signal),
    placeholderData: keepPreviousData,
    // Deliveries are sent in the background: while some are pending, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === "pending") ? 3_000 : false),
  });
}

export function useDeliveries(orgId: string, cursor: string | undefined) {
  return useQuery(deliveriesQueryOptions(orgId, cursor));
}
