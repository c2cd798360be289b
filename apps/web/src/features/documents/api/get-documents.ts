import type { DocumentPage } from "@flowdeck/shared/documents/schemas";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { documentKeys, documentsPath, type DocumentListFilters } from "./document-keys.ts";

export function getDocuments(orgId: string, filters: DocumentListFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ pageSize: String(filters.pageSize) });
  if (filters.cursor) params.set("cursor", filters.cursor);
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  return api<DocumentPage>(documentsPath(orgId, `?${params}`), { signal });
}

export function documentsQueryOptions(orgId: string, filters: DocumentListFilters) {
  return queryOptions({
    queryKey: documentKeys.list(orgId, filters),
    queryFn: ({ signal }) => getDocuments(orgId, filters, signal),
    // Typing a search or turning a page keeps the current cards until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useDocuments(orgId: string, filters: DocumentListFilters) {
  return useQuery(documentsQueryOptions(orgId, filters));
}
