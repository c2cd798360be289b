import { isFailedRunStatus } from "@flowdeck/shared/runs/constants";
import type { Executor } from "../../db/database.ts";
import { maskerForRun } from "../secrets/for-runs.ts";
import { mailMembersOfFailure, notify, type NotificationEventData } from "./notify.ts";
import { findFailedStepOutput, findPreviousEndedStatus, type RunToTell } from "./outbox-repository.ts";
import { listTargets } from "../runs/repository.ts";

async function listFailedTargets(tx: Executor, runId: string) {
  return (await listTargets(tx, runId)).filter((target) => isFailedRunStatus(target.status));
}

/** A run that awaited approval and never started (decision 067): told to the rules that ask, never mailed to all. */
const STOPPED = ["rejected", "expired"] as const;

/**
 * Tells the rules how a run ended, in the transaction that ends it: failed, timed out or lost as
 * such; a success as "recovered" only when the workflow's previous run that ended (cancelled ones
 * aside) was a failure, so it fires once after a failure and never after a success. Rejected and
 * expired runs tell the rules that ask for them. Cancelled runs tell nothing. A failure also mails the members when the organization's "Email
 * notifications" setting is on (decision 039). Every run ends through `runs/lifecycle.ts` endRun,
 * which makes this call.
 */
export async function notifyRunOutcome(
  tx: Executor,
  options: { run: RunToTell["run"]; workflowName: string; at: Date },
) {
  const run: RunToTell = { run: options.run, workflowName: options.workflowName };
  const status = options.run.status;
  let type: "run.failed" | "run.timed-out" | "run.lost" | "run.recovered" | "run.rejected" | "run.expired";
  const failure = isFailedRunStatus(status);
  if (failure || (STOPPED as readonly string[]).includes(status)) {
    type = `run.${status}` as typeof type;
  } else if (status === "succeeded") {
    const previous = await findPreviousEndedStatus(tx, run.run);
    if (!previous || !isFailedRunStatus(previous)) return;
    type = "run.recovered";
  } else {
    return;
  }
  // A fan-out (decision 080) names the machines that failed, and quotes the first one's output.
  const failedTargets = failure && run.run.target?.mode === "all" ? await listFailedTargets(tx, run.run.id) : [];
  const quoted = failedTargets[0] ? { ...run.run, id: failedTargets[0].id } : run.run;
  const event = {
    type,
    organizationId: run.run.organizationId,
    at: options.at,
    workflow: { id: run.run.workflowId, name: run.workflowName },
    run: { ...run.run, status: status, finishedAt: options.at },
    output: failure ? await failedOutput(tx, quoted) : undefined,
    ...(failedTargets.length > 0 && { failedTargets: failedTargets.map((target) => target.runnerName) }),
  };
  await notify(tx, event);
  if (failure) await mailMembersOfFailure(tx, event);
}

/** What a failure notification quotes of the failing step's output: its last lines. */
const QUOTED = { lines: 20, characters: 2000, chunks: 50 };

/**
 * The end of the first failing step's output, as stored (masked by the runner and the server),
 * and masked once more: a notification is one more way out, and it must not be the one that leaks.
 */
async function failedOutput(
  tx: Executor,
  run: { id: string; organizationId: string; secretNames: string[] },
): Promise<NotificationEventData["output"]> {
  const found = await findFailedStepOutput(tx, run.id, QUOTED.chunks);
  if (!found || found.newestFirst.length === 0) return undefined;
  const text = [...found.newestFirst].reverse().join("").slice(-QUOTED.characters);
  const lines = text.replace(/\n$/, "").split("\n").slice(-QUOTED.lines).join("\n");
  const masker = await maskerForRun(tx, run);
  return { step: found.step, lastLines: masker ? masker.mask(lines) : lines };
}
