import type { ApprovalDecision } from "@flowdeck/shared/runs/approvals";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { runApprovals, user, workflowRuns, workflows } from "../../db/schema/index.ts";

/** The approvals and rejections of runs (decision 067): `run_approvals`, one per person and run. */

export type ApprovalRow = typeof runApprovals.$inferSelect;

export async function insertApprovalDecision(
  db: Executor,
  values: {
    runId: string;
    organizationId: string;
    userId: string;
    userName: string;
    decision: ApprovalDecision;
    comment: string;
    at: Date;
  },
) {
  const { at, ...rest } = values;
  await db.insert(runApprovals).values({ ...rest, createdAt: at });
}

/** The decisions on the given runs, oldest first. */
export async function listApprovalDecisions(db: Executor, runIds: readonly string[]): Promise<ApprovalRow[]> {
  if (runIds.length === 0) return [];
  return db
    .select()
    .from(runApprovals)
    .where(inArray(runApprovals.runId, [...runIds]))
    .orderBy(asc(runApprovals.createdAt), asc(runApprovals.id));
}

/** The organization's runs awaiting approval, oldest first, with their workflow and requester. */
export async function listAwaitingRuns(db: Executor, organizationId: string) {
  return db
    .select({
      id: workflowRuns.id,
      workflowId: workflowRuns.workflowId,
      workflowName: workflows.name,
      status: workflowRuns.status,
      startedBy: workflowRuns.startedBy,
      startedByName: sql<string | null>`coalesce(nullif(${user.name}, ''), ${user.email})`,
      startedAt: workflowRuns.startedAt,
      note: workflowRuns.note,
      approval: workflowRuns.approval,
      approvalExpiresAt: workflowRuns.approvalExpiresAt,
    })
    .from(workflowRuns)
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .leftJoin(user, eq(user.id, workflowRuns.startedBy))
    .where(and(eq(workflowRuns.organizationId, organizationId), eq(workflowRuns.status, "awaiting-approval")))
    .orderBy(asc(workflowRuns.startedAt), asc(workflowRuns.id));
}
