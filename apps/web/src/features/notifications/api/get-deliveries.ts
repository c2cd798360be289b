import type { DeliveryPage } from "@flowdeck/shared/notifications/schemas";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { DELIVERIES_PAGE_SIZE, notificationKeys, notificationsPath } from "./notification-keys.ts";

export function getDeliveries(orgId: string, page: number, signal?: AbortSignal) {
  return api<DeliveryPage>(notificationsPath(orgId, `/deliveries?page=${page}&pageSize=${DELIVERIES_PAGE_SIZE}`), {
    signal,
  });
}

export function deliveriesQueryOptions(orgId: string, page: number) {
  return queryOptions({
    queryKey: notificationKeys.deliveries(orgId, page),
    queryFn: ({ signal }) => getDeliveries(orgId, page, signal),
    placeholderData: keepPreviousData,
    // Deliveries are sent in the background: while some are pending, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === "pending") ? 3_000 : false),
  });
}

export function useDeliveries(orgId: string, page: number) {
  return useQuery(deliveriesQueryOptions(orgId, page));
}
