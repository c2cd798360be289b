import { AppError } from "@flowdeck/shared";
import { mayApprove, type ApprovalDecision, type PendingApprovalList } from "@flowdeck/shared/runs/approvals";
import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import type { Executor } from "../../db/database.ts";
import type { Actor } from "../../lib/actor.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { listApprovalDecisions, listAwaitingRuns } from "./approvals-repository.ts";
import { decideApproval } from "./lifecycle.ts";
import { getRun } from "./service.ts";

/**
 * POST …/runs/:runId/approve and …/reject (decision 067): a person's decision on a run awaiting
 * approval; the lifecycle checks who may under the run's lock. Answers the run as it is now.
 */
export async function decideRun({
  runId,
  decision,
  comment,
  now = new Date(),
  ...scope
}: OrgScope & { runId: string; decision: ApprovalDecision; comment: string; now?: Date }): Promise<RunDetail> {
  const { actor, organizationId, db } = scope;
  // The route is for people only (runs.approve); said again where the rule is applied.
  if (actor.kind !== "user") throw new AppError("permission-denied", API_TOKEN_MESSAGES.peopleOnly);
  await transact(scope, (tx, log) =>
    decideApproval(tx, log, {
      organizationId,
      runId,
      person: { userId: actor.userId, name: actor.name || actor.email, role: actor.role },
      decision,
      comment,
      now,
    }),
  );
  return getRun({ db, organizationId, runId });
}

/** GET /approvals: the runs the caller may approve now, oldest first (their own requests aside). */
export async function listPendingApprovals({
  db,
  organizationId,
  actor,
}: {
  db: Executor;
  organizationId: string;
  actor: Actor;
}): Promise<PendingApprovalList> {
  if (actor.kind !== "user") return { items: [] };
  const runs = await listAwaitingRuns(db, organizationId);
  const decisions = await listApprovalDecisions(
    db,
    runs.map((run) => run.id),
  );
  const person = { userId: actor.userId, role: actor.role };
  return {
    items: runs.flatMap((run) => {
      const own = decisions.filter((row) => row.runId === run.id);
      const verdict = mayApprove(person, { ...run, approval: run.approval && { ...run.approval, decisions: own } });
      if (!verdict.ok || !run.approval) return [];
      return [
        {
          runId: run.id,
          workflowId: run.workflowId,
          workflowName: run.workflowName,
          requestedBy: run.startedBy,
          requestedByName: run.startedBy ? run.startedByName : null,
          requestedAt: run.startedAt.toISOString(),
          expiresAt: (run.approvalExpiresAt ?? run.startedAt).toISOString(),
          note: run.note,
          required: run.approval.approvals,
          approved: own.filter((row) => row.decision === "approved").length,
        },
      ];
    }),
  };
}
