import type { DocumentDetail } from "@flowdeck/shared/documents/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { documentKeys, documentPath } from "./document-keys.ts";

export function getDocument(orgId: string, documentId: string, signal?: AbortSignal) {
  return api<DocumentDetail>(documentPath(orgId, documentId), { signal });
}

export function documentQueryOptions(orgId: string, documentId: string) {
  return queryOptions({
    queryKey: documentKeys.detail(orgId, documentId),
    queryFn: ({ signal }) => getDocument(orgId, documentId, signal),
  });
}

export function useDocument(orgId: string, documentId: string | null) {
  return useQuery({ ...documentQueryOptions(orgId, documentId ?? ""), enabled: Boolean(documentId) });
}
