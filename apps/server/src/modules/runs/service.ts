import { AppError } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import type { RunLogPage } from "@flowdeck/shared/runs/schemas";
import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import type { Executor } from "../../db/database.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { countMatchingRunners } from "./execution.ts";
import { requestCancel } from "./lifecycle.ts";
import { findRun, listLogChunks, listTargets } from "./repository.ts";
import { normalizeTarget, TARGET_MESSAGES, type RunTarget } from "@flowdeck/shared/runs/targets";
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
  const targets = run.target?.mode === "all" ? (await listTargets(db, runId)).map(toRunTarget) : [];
  return {
    ...toRun(run, found.steps),
    workflowName: run.workflowName,
    triggeredByWorkflowName: run.triggeredByWorkflowName,
    logTruncated: run.logTruncated,
    matchingRunners,
    requiredLabels: run.requiredLabels,
    approval,
    target: run.target ? normalizeTarget(run.target) : null,
    targets,
    parentRunId: run.parentRunId,
  };
}

function toRunTarget(row: Awaited<ReturnType<typeof listTargets>>[number]): RunTarget {
  return {
    id: row.id,
    runnerId: row.runnerId,
    runnerName: row.runnerName,
    platform: row.platform ?? "linux",
    status: row.status,
    exitCode: row.exitCode,
    startedAt: row.claimedAt?.toISOString() ?? null,
    endedAt: row.finishedAt?.toISOString() ?? null,
    skipReason: row.skipReason,
  };
}

/**
 * The run whose output is read: the run itself, or with `targetId` one target of a fan-out
 * (decision 080); 404 for a target of another run.
 */
async function runForLog(scope: Scope & { targetId?: string | undefined }) {
  const run = await getRun(scope);
  if (!scope.targetId) return run;
  const target = run.targets.find((candidate) => candidate.id === scope.targetId);
  if (!target) throw new AppError("not-found", TARGET_MESSAGES.targetNotFound);
  return getRun({ ...scope, runId: target.id });
}

export async function getRunLog(
  scope: Scope & { after: number; until?: number | undefined; limit: number; targetId?: string | undefined },
) {
  const run = await runForLog(scope);
  const items = await listLogChunks(scope.db, run.id, scope.after, scope.limit, scope.until);
  return { items, next: items.at(-1)?.id ?? scope.after } satisfies RunLogPage;
}

/** The whole output as text, step by step, for download; a fan-out's, target by target under each runner's name. */
export async function runLogText(scope: Scope): Promise<{ name: string; text: string }> {
  const run = await getRun(scope);
  const name = `${run.workflowName} run ${run.startedAt.slice(0, 19)}`;
  if (run.targets.length === 0) return { name, text: await stepLogText(scope.db, run) };
  const parts: string[] = [];
  for (const target of run.targets) {
    const text = await stepLogText(scope.db, await getRun({ ...scope, runId: target.id }));
    const said = target.skipReason ? `${target.status}: ${target.skipReason}` : target.status;
    parts.push(`${parts.length > 0 ? "\n" : ""}==== ${target.runnerName} (${said}) ====\n${text}`);
  }
  return { name, text: parts.join("") };
}

async function stepLogText(db: Executor, run: RunDetail) {
  const parts: string[] = [];
  let position = -1;
  for (let after = 0; ;) {
    const items = await listLogChunks(db, run.id, after, 5000);
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
  return parts.join("");
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
