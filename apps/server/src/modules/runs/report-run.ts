import { AppError } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import type { CompleteRun, RunControl, StepReport } from "@flowdeck/shared/runners/protocol";
import type { Database } from "../../db/database.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import { lockWorkflow, setStepStatus } from "../workflows/repository.ts";
import type { RunnerIdentity } from "../runners/runner-identity.ts";
import { controlFor } from "./control.ts";
import { endRun, publishRunChange } from "./end-run.ts";
import { findRunOfRunner, renewLease, updateRunStep } from "./repository.ts";
import { settleProgress } from "./run-progress.ts";

type RunCall = { db: Database; events: EventHub; runner: RunnerIdentity; runId: string; leaseMs: number };

/** Another runner's run, or another organization's, does not exist for this runner. */
async function runOf(db: Database, runner: RunnerIdentity, runId: string) {
  const run = await findRunOfRunner(db, runId, runner.id);
  if (!run) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
  return run;
}

/** POST /runs/:runId/heartbeat: the lease runs on; the answer carries a cancellation. */
export async function heartbeat({ db, runner, runId, leaseMs }: RunCall): Promise<RunControl> {
  await runOf(db, runner, runId);
  await renewLease(db, runId, new Date(), leaseMs);
  return controlFor(await runOf(db, runner, runId));
}

/**
 * POST /runs/:runId/steps/:position: a step started, or finished with its outcome, exit code and
 * signal. A step that succeeded is completed in the workflow's checklist, so progress follows the
 * run. Reports about a step already finished, or a run already ended, change nothing.
 */
export async function reportStep({
  db,
  events,
  runner,
  runId,
  leaseMs,
  position,
  report,
}: RunCall & { position: number; report: StepReport }): Promise<RunControl> {
  const found = await runOf(db, runner, runId);
  const now = new Date();
  const changed = await db.transaction(async (tx) => {
    const workflow = await lockWorkflow(tx, found.organizationId, found.workflowId);
    const run = await findRunOfRunner(tx, runId, runner.id, { lock: true });
    if (!workflow || !run) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
    if (run.status !== "running") return false;
    await renewLease(tx, runId, now, leaseMs);
    if (report.state === "started") {
      return Boolean(await updateRunStep(tx, runId, position, { status: "running", startedAt: now }, ["pending"]));
    }
    const step = await updateRunStep(
      tx,
      runId,
      position,
      {
        status: report.outcome,
        exitCode: report.exitCode,
        signal: report.signal,
        finishedAt: now,
      },
      ["pending", "running"],
    );
    if (!step) return false;
    if (report.outcome === "succeeded" && step.stepId) {
      await setStepStatus(tx, { workflowId: workflow.id, stepId: step.stepId, status: "completed", by: null, at: now });
      await settleProgress(tx, { workflow, now, ended: false });
    }
    return true;
  });
  if (changed) await publishRunChange(events, found);
  return controlFor(await runOf(db, runner, runId));
}

/** POST /runs/:runId/complete: the run ends with the runner's outcome; a repeat changes nothing. */
export async function completeRun({
  db,
  events,
  runner,
  runId,
  outcome,
}: RunCall & { outcome: CompleteRun["outcome"] }): Promise<RunControl> {
  const found = await runOf(db, runner, runId);
  const ended = await db.transaction((tx) =>
    endRun(tx, {
      organizationId: found.organizationId,
      runId,
      workflowId: found.workflowId,
      status: outcome,
      now: new Date(),
    }),
  );
  if (ended) await publishRunChange(events, found);
  return controlFor(await runOf(db, runner, runId));
}
