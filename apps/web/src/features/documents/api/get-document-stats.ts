import type { DocumentStats } from "@flowdeck/shared/documents/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { documentKeys, documentsPath } from "./document-keys.ts";

export function getDocumentStats(orgId: string, signal?: AbortSignal) {
  return api<DocumentStats>(documentsPath(orgId, "/stats"), { signal });
}

export function documentStatsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: documentKeys.stats(orgId),
    queryFn: ({ signal }) => getDocumentStats(orgId, signal),
  });
}

export function useDocumentStats(orgId: string) {
  return useQuery(documentStatsQueryOptions(orgId));
}
