import { AppError } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import type { CompleteRun, RunControl, StepReport } from "@flowdeck/shared/runners/protocol";
import type { Executor } from "../../db/database.ts";
import { changeWithoutTransaction, transact, type ChangeLog, type RunnerScope } from "../../lib/change-log.ts";
import { mark, settleProgress } from "../checklist/progress.ts";
import { lockWorkflow, type LockedWorkflow } from "../workflows/repository.ts";
import { controlFor } from "./control.ts";
import { endRun } from "./lifecycle.ts";
import {
  findRunOfRunner,
  listRunSteps,
  markOutputsTruncated,
  renewLease,
  startRunStep,
  updateRunStep,
} from "./repository.ts";
import { maskerForRun } from "../secrets/for-runs.ts";
import { storableOutput } from "@flowdeck/shared/runners/output-text";
import { capOutputs, outputBytes, STEP_CONTROL_LIMITS } from "@flowdeck/shared/workflows/step-control";

type FinishedStepReport = Extract<StepReport, { state: "finished" }>;
type RunOfRunner = NonNullable<Awaited<ReturnType<typeof findRunOfRunner>>>;

type RunCall = {
  /** The runner acting in its organization: what its reports change is audited as its doing. */
  scope: RunnerScope;
  runId: string;
  leaseMs: number;
};

/** Another runner's run, or another organization's, does not exist for this runner. */
async function runOf(db: Executor, scope: RunnerScope, runId: string) {
  const run = await findRunOfRunner(db, runId, scope.actor.runnerId);
  if (!run) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
  return run;
}

/** POST /runs/:runId/heartbeat: the lease runs on; the answer carries a cancellation. */
export async function heartbeat({ scope, runId, leaseMs }: RunCall): Promise<RunControl> {
  const { db } = scope;
  const renewed = await renewLease(db, runId, new Date(), leaseMs, scope.actor.runnerId);
  // Not running any more (or not this runner's): the answer says why, from the run as it is.
  return controlFor(renewed ?? (await runOf(db, scope, runId)));
}

/**
 * POST /runs/:runId/steps/:position: a step started, or finished with its outcome, exit code and
 * signal. A step that succeeded is ticked in the workflow's checklist, so progress follows the
 * run. Reports about a step already finished, or a run already ended, change nothing. A step is
 * kept in the run itself (status, exit code, signal, times), not as an audit row: its viewers hear
 * it start, and the lists showing the run hear it finish.
 */
export async function reportStep({
  scope,
  runId,
  leaseMs,
  position,
  report,
}: RunCall & { position: number; report: StepReport }): Promise<RunControl> {
  const now = new Date();
  // A step starting changes only the run: one statement, and the answer comes from it.
  if (report.state === "started") {
    const started = await changeWithoutTransaction(scope, async (db, log) => {
      const step = await startRunStep(db, { runId, runnerId: scope.actor.runnerId, position, now, leaseMs });
      if (step?.started) log.signalRun({ runId, seq: null });
      return step;
    });
    // Not running any more (or not this runner's): the answer says why, from the run as it is.
    if (!started) return controlFor(await runOf(scope.db, scope, runId));
    return controlFor({ status: "running", cancelRequestedAt: started.cancel_requested ? now : null });
  }
  const found = await runOf(scope.db, scope, runId);
  return transact(scope, async (tx, log) => {
    const { workflow, run } = await lockRunOfRunner(tx, scope, found);
    if (run.status !== "running") return controlFor(run);
    await renewLease(tx, runId, now, leaseMs);
    await recordFinishedStep(tx, log, { workflow, run, position, report, now, settle: true });
    return controlFor(run);
  });
}

/** The run's workflow, then the run itself, locked in that order (as lifecycle.ts locks them). */
async function lockRunOfRunner(
  tx: Executor,
  scope: RunnerScope,
  found: { id: string; organizationId: string; workflowId: string },
) {
  const workflow = await lockWorkflow(tx, found.organizationId, found.workflowId);
  const run = await findRunOfRunner(tx, found.id, scope.actor.runnerId, { lock: true });
  if (!workflow || !run) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
  return { workflow, run };
}

/**
 * A running run's step finished: its outcome, exit code, attempts and outputs; a step that
 * succeeded is ticked in the workflow's checklist, and, with `settle`, the workflow's progress
 * follows at once (the run's end settles it otherwise, in the same transaction).
 */
async function recordFinishedStep(
  tx: Executor,
  log: ChangeLog,
  options: {
    workflow: LockedWorkflow;
    run: RunOfRunner;
    position: number;
    report: FinishedStepReport;
    now: Date;
    settle: boolean;
  },
) {
  const { workflow, run, position, report, now } = options;
  const outputs = await storableOutputs(tx, run, position, report);
  const step = await updateRunStep(
    tx,
    run.id,
    position,
    {
      status: report.outcome,
      exitCode: report.exitCode,
      signal: report.signal,
      finishedAt: now,
      attempts: report.attempts,
      outputs: outputs.kept,
      skipReason: report.outcome === "skipped" ? report.reason : null,
    },
    ["pending", "running"],
  );
  // A repeated report: the step had finished already.
  if (!step) return;
  if ((outputs.truncated || report.outputsTruncated) && !run.outputsTruncated) {
    await markOutputsTruncated(tx, run.id);
  }
  // A fan-out's target leaves the workflow's checklist alone: one machine's success is not the run's.
  if (report.outcome === "succeeded" && step.stepId && !run.parentRunId) {
    await mark(tx, { workflow, stepId: step.stepId, status: "completed", by: null, now });
    if (options.settle) {
      await settleProgress(tx, { workflow, by: null, now, run: "under-way" });
      log.announce({ entity: "workflow", id: workflow.id, action: "updated" });
    }
  }
  log.signalRun({ runId: run.id, seq: null });
  log.announce({ entity: "run", id: run.id, action: "updated" });
}

/**
 * A finished step's outputs as the run keeps them: masked again with the run's secrets (an older
 * runner cannot leak one, as store-logs.ts does for output), and within the run's cap together with
 * the outputs its other steps already stored (decision 072).
 */
async function storableOutputs(tx: Executor, run: RunOfRunner, position: number, report: FinishedStepReport) {
  if (Object.keys(report.outputs).length === 0) return { kept: {}, truncated: false };
  const masker = await maskerForRun(tx, run);
  const masked = Object.fromEntries(
    Object.entries(report.outputs).map(([key, value]) => {
      const text = storableOutput(value);
      return [key, masker ? masker.mask(text) : text];
    }),
  );
  const others = (await listRunSteps(tx, run.id)).filter((step) => step.position !== position);
  const used = others.reduce((total, step) => total + outputBytes(step.outputs), 0);
  const capped = capOutputs(masked, Math.max(0, STEP_CONTROL_LIMITS.outputBytes - used));
  return { kept: capped.kept, truncated: capped.dropped.length > 0 };
}

/**
 * POST /runs/:runId/complete: the run ends with the runner's outcome; a repeat changes nothing.
 * With `step`, its last step's report is recorded first, in the same transaction.
 */
export async function completeRun({ scope, runId, outcome, step }: RunCall & CompleteRun): Promise<RunControl> {
  const { db } = scope;
  const found = await runOf(db, scope, runId);
  const now = new Date();
  const ended = await transact(scope, async (tx, log) => {
    const locked = step ? await lockRunOfRunner(tx, scope, found) : undefined;
    if (step && locked?.run.status === "running") {
      await recordFinishedStep(tx, log, { ...locked, ...step, now, settle: false });
    }
    return endRun(tx, log, {
      organizationId: found.organizationId,
      workflowId: found.workflowId,
      runId,
      status: outcome,
      reason: "reported",
      now,
      locked,
    });
  });
  // Ended now with this outcome; else it had ended already, and the answer says how.
  return controlFor(
    ended ? { status: outcome, cancelRequestedAt: ended.cancelRequestedAt } : await runOf(db, scope, runId),
  );
}
