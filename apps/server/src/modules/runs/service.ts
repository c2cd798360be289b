import { AppError } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import type { RunLogPage } from "@flowdeck/shared/runs/schemas";
import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import type { Executor } from "../../db/database.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { countMatchingRunners } from "./execution.ts";
import { requestCancel } from "./lifecycle.ts";
import { findRun, listLogChunks } from "./repository.ts";
import { toRun } from "./to-run.ts";
import { listApprovalDecisions } from "./approvals-repository.ts";
import { toRunApproval } from "./run-approval.ts";

type Scope = { db: Executor; organizationId: string; runId: string };

/**
 * The run view: one run of the organization with its steps, and while it is queued the runners
 * that could take it (so the view can say why it waits); 404 for another organization's.
 */
export async function getRun({ db, organizationId, runId }: Scope): Promise<RunDetail> {
  const found = await findRun(db, organizationId, runId);
  if (!found) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
  const { run } = found;
  const matchingRunners =
    run.status === "queued" && run.platform
      ? await countMatchingRunners(db, {
          organizationId,
          platform: run.platform,
          labels: run.requiredLabels,
          now: new Date(),
        })
      : null;
  const approval = run.approval ? toRunApproval(run, await listApprovalDecisions(db, [runId])) : null;
  return {
    ...toRun(run, found.steps),
    workflowName: run.workflowName,
    triggeredByWorkflowName: run.triggeredByWorkflowName,
    logTruncated: run.logTruncated,
    matchingRunners,
    requiredLabels: run.requiredLabels,
    approval,
  };
}

export async function getRunLog({
  db,
  organizationId,
  runId,
  after,
  until,
  limit,
}: Scope & { after: number; until?: number; limit: number }) {
  await getRun({ db, organizationId, runId });
  const items = await listLogChunks(db, runId, after, limit, until);
  return { items, next: items.at(-1)?.id ?? after } satisfies RunLogPage;
}

/** The whole output as text, step by step, for download. */
export async function runLogText({ db, organizationId, runId }: Scope): Promise<{ name: string; text: string }> {
  const run = await getRun({ db, organizationId, runId });
  const parts: string[] = [];
  let position = -1;
  for (let after = 0; ;) {
    const items = await listLogChunks(db, runId, after, 5000);
    if (items.length === 0) break;
    for (const chunk of items) {
      if (chunk.position !== position) {
        position = chunk.position;
        const step = run.steps.find((candidate) => candidate.position === position);
        parts.push(`${parts.length > 0 ? "\n" : ""}== Step ${position + 1}: ${step?.name ?? ""} ==\n`);
      }
      parts.push(chunk.text);
    }
    after = items.at(-1)!.id;
  }
  return { name: `${run.workflowName} run ${run.startedAt.slice(0, 19)}`, text: parts.join("") };
}

/**
 * Cancel (lifecycle.ts requestCancel): a queued run or a checklist ends at once; a running one is
 * asked to stop, and its runner hears it on its next call (within a heartbeat, 3 s) and ends it.
 */
export async function cancelRun({ runId, ...context }: OrgScope & { runId: string }) {
  const { db, organizationId } = context;
  await transact(context, async (tx, log) => {
    const cancelled = await requestCancel(tx, log, { organizationId, runId, now: new Date() });
    if (!cancelled) throw new AppError("aborted", RUNNER_MESSAGES.cannotCancel);
  });
  return getRun({ db, organizationId, runId });
}
