import type { RunApproval } from "@flowdeck/shared/runs/approvals";
import type { ApprovalRow } from "./approvals-repository.ts";

/** What the run view shows of a run's approval: the requirement, the note, who asked, each decision. */
export function toRunApproval(
  run: {
    approval: { minRole: RunApproval["minRole"]; memberIds: string[]; approvals: number } | null;
    approvalExpiresAt: Date | null;
    note: string;
    requestedByTokenId: string | null;
    requestedByTokenName: string | null;
  },
  decisions: readonly ApprovalRow[],
): RunApproval | null {
  if (!run.approval) return null;
  return {
    minRole: run.approval.minRole,
    memberIds: run.approval.memberIds,
    required: run.approval.approvals,
    expiresAt: (run.approvalExpiresAt ?? new Date(0)).toISOString(),
    note: run.note,
    requestedByToken:
      run.requestedByTokenName !== null ? { id: run.requestedByTokenId ?? "", name: run.requestedByTokenName } : null,
    decisions: decisions.map((row) => ({
      userId: row.userId,
      name: row.userName,
      decision: row.decision,
      comment: row.comment,
      at: row.createdAt.toISOString(),
    })),
  };
}
