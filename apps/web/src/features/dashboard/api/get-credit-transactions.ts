import type { CreditTransactionPage } from "@flowdeck/shared/credits/schemas";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { dashboardKeys, type TransactionListQuery } from "./dashboard-keys.ts";
import { orgPath } from "@/lib/org-api.ts";

export function getCreditTransactions(orgId: string, query: TransactionListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ pageSize: String(query.pageSize) });
  if (query.cursor) params.set("cursor", query.cursor);
  if (query.type) params.set("type", query.type);
  return api<CreditTransactionPage>(orgPath(orgId, `credits/transactions?${params}`), { signal });
}

export function creditTransactionsQueryOptions(orgId: string, query: TransactionListQuery) {
  return queryOptions({
    queryKey: dashboardKeys.transactions(orgId, query),
    queryFn: ({ signal }) => getCreditTransactions(orgId, query, signal),
    // Paging and filtering keep the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useCreditTransactions(orgId: string, query: TransactionListQuery) {
  return useQuery(creditTransactionsQueryOptions(orgId, query));
}
