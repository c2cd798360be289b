import type { AuditPage } from "@flowdeck/shared/audit/schemas";
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { auditKeys, auditPath, auditQuery, type AuditFilters } from "./audit-keys.ts";

export function getAuditPage(orgId: string, filters: AuditFilters, cursor: string | null, signal?: AbortSignal) {
  return api<AuditPage>(auditPath(orgId, auditQuery(filters, cursor ? { cursor } : {})), { signal });
}

/** The log, newest first; "Load more" fetches the page after the last one shown. */
export function useAuditLog(orgId: string, filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(orgId, filters),
    queryFn: ({ pageParam, signal }) => getAuditPage(orgId, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
