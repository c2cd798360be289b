import { and, desc, eq, ne, notInArray } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { workflowRuns, workflows } from "../../db/schema/index.ts";
import { mailMembersOfFailure, notify } from "./notify.ts";

const FAILURES = ["failed", "timed-out", "lost"] as const;

/**
 * Tells the rules how a run ended, in the transaction that ends it: failed, timed out or lost as
 * such; a success as "recovered" only when the workflow's previous run that ended (cancelled ones
 * aside) was a failure, so it fires once after a failure and never after a success. Cancelled
 * runs tell nothing. A failure also mails the members when the organization's "Email
 * notifications" setting is on (decision 039). Wherever a run ends — the checklist (`workflows/progress.ts`) or a runner's
 * report, the lease sweeper and Cancel (`runs/end-run.ts`) — this is the one call to make.
 */
export async function notifyRunOutcome(tx: Executor, options: { runId: string; status: string; at: Date }) {
  const [run] = await tx
    .select({ run: workflowRuns, workflowName: workflows.name })
    .from(workflowRuns)
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .where(eq(workflowRuns.id, options.runId));
  if (!run) return;
  let type: "run.failed" | "run.timed-out" | "run.lost" | "run.recovered";
  if ((FAILURES as readonly string[]).includes(options.status)) {
    type = `run.${options.status}` as typeof type;
  } else if (options.status === "succeeded") {
    const [previous] = await tx
      .select({ status: workflowRuns.status })
      .from(workflowRuns)
      .where(
        and(
          eq(workflowRuns.workflowId, run.run.workflowId),
          ne(workflowRuns.id, run.run.id),
          notInArray(workflowRuns.status, ["queued", "running", "cancelled"]),
        ),
      )
      .orderBy(desc(workflowRuns.finishedAt), desc(workflowRuns.startedAt))
      .limit(1);
    if (!previous || !(FAILURES as readonly string[]).includes(previous.status)) return;
    type = "run.recovered";
  } else {
    return;
  }
  const event = {
    type,
    organizationId: run.run.organizationId,
    at: options.at,
    workflow: { id: run.run.workflowId, name: run.workflowName },
    run: { ...run.run, status: options.status, finishedAt: options.at },
  };
  await notify(tx, event);
  if (type !== "run.recovered") await mailMembersOfFailure(tx, event);
}
