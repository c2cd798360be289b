import { AppError } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import type { RunLogPage } from "@flowdeck/shared/runners/schemas";
import type { RunDetail } from "@flowdeck/shared/workflows/schemas";
import type { Database } from "../../db/database.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { findRun } from "../workflows/runs-repository.ts";
import { toRun } from "../workflows/to-workflow.ts";
import { endRun, runChangeEvents } from "./end-run.ts";
import { findWorkflowName, listLogChunks, lockRun, peekRun, updateRun } from "./repository.ts";
import { lockWorkflow } from "../workflows/repository.ts";

type Scope = { db: Database; organizationId: string; runId: string };

/** The run view: one run of the organization with its steps; 404 for another organization's. */
export async function getRun({ db, organizationId, runId }: Scope): Promise<RunDetail> {
  const found = await findRun(db, organizationId, runId);
  if (!found) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
  const [workflowName, row] = await Promise.all([
    findWorkflowName(db, found.run.workflowId),
    peekRun(db, organizationId, runId),
  ]);
  return { ...toRun(found.run, found.steps), workflowName, logTruncated: row?.logTruncated ?? false };
}

export async function getRunLog({ db, organizationId, runId, after, limit }: Scope & { after: number; limit: number }) {
  await getRun({ db, organizationId, runId });
  const items = await listLogChunks(db, runId, after, limit);
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
 * Cancel: a queued run ends at once (cancelled, its credits refunded); a running one is asked to
 * stop, and its runner hears it on its next call (within a heartbeat, 3 s) and ends it cancelled.
 * A checklist under way ends at once.
 */
export async function cancelRun({ runId, ...context }: OrgScope & { runId: string }) {
  const { db, organizationId } = context;
  const now = new Date();
  await transact(context, async (tx, log) => {
    const peek = await peekRun(tx, organizationId, runId);
    if (!peek) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
    await lockWorkflow(tx, organizationId, peek.workflowId);
    const run = await lockRun(tx, organizationId, runId);
    if (!run || (run.status !== "queued" && run.status !== "running")) {
      throw new AppError("aborted", RUNNER_MESSAGES.cannotCancel);
    }
    log.record({ action: "run.cancelled", entityId: runId, summary: "Cancelled a run" });
    if (run.kind === "executed" && run.status === "running") {
      if (!run.cancelRequestedAt) await updateRun(tx, runId, { cancelRequestedAt: now });
      for (const event of runChangeEvents(run)) log.announce(event);
      return;
    }
    await endRun(tx, { organizationId, runId, workflowId: run.workflowId, status: "cancelled", now });
    const refunded = run.creditsCharged > 0 && run.claimedAt === null;
    for (const event of runChangeEvents(run, { credits: refunded })) log.announce(event);
  });
  return getRun({ db, organizationId, runId });
}
