import type { PendingApprovalList } from "@flowdeck/shared/runs/approvals";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { orgKey, orgPath } from "@/lib/org-api.ts";

/** Under "workflow": a run asked for, approved, rejected or expired refreshes it (LIVE_REFRESH "run"). */
export const approvalKeys = {
  pending: (orgId: string) => orgKey(orgId, "workflow", "approvals"),
};

export function pendingApprovalsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: approvalKeys.pending(orgId),
    queryFn: ({ signal }) => api<PendingApprovalList>(orgPath(orgId, "approvals"), { signal }),
  });
}

/** The runs waiting for the caller's approval (their own requests aside), oldest first. */
export function usePendingApprovals(orgId: string | undefined) {
  return useQuery({ ...pendingApprovalsQueryOptions(orgId ?? ""), enabled: Boolean(orgId) });
}
