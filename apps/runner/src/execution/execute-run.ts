import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  RUNNER_TIMINGS,
  type Job,
  type JobStep,
  type RunOutcome,
  type StepReport,
} from "@flowdeck/shared/runners/protocol";
import type { RunnerApi } from "../api/runner-api.ts";
import { platformLabel } from "../platform.ts";
import { stopLeftovers, trackStepGroup, untrackStepGroup, type StopLadder } from "./process-tree.ts";
import { RunSession } from "./run-session.ts";
import { runStep, type StepResult } from "./run-step.ts";
import type { Shell } from "./shell.ts";

export type ExecuteRunOptions = {
  job: Job;
  api: RunnerApi;
  shell: Shell;
  say: (message: string) => void;
  onFatal: (error: unknown) => void;
  /** Aborted when the runner is asked to stop: the current step finishes, the rest are skipped. */
  draining?: AbortSignal;
  /** Aborted when it is asked again: the current step is stopped as well. */
  stopping?: AbortSignal;
  /** Where the run's working directory is made; the system's temporary directory by default. */
  workRoot?: string;
  heartbeatMs?: number;
  ladder?: StopLadder;
};

export type RunResult = RunOutcome | "abandoned";

/** Node's timers hold at most 2^31 - 1 ms (24.8 days); a longer limit is that long. */
const timerMs = (seconds: number) => Math.min(seconds * 1000, 2 ** 31 - 1);

/**
 * Executes a claimed run as docs/runner-protocol.md says: each step in a fresh shell in the run's
 * own working directory (removed afterwards), heartbeats all along, output as log batches, a
 * result per step and one for the run.
 */
export async function executeRun(options: ExecuteRunOptions): Promise<RunResult> {
  const { job } = options;
  const session = new RunSession(options);
  const workDir = await mkdtemp(path.join(options.workRoot ?? os.tmpdir(), "flowdeck-run-"));
  const stepGroups: number[] = [];

  const heartbeat = setInterval(() => void session.heartbeat(), options.heartbeatMs ?? RUNNER_TIMINGS.heartbeatMs);
  const runTimeout = setTimeout(() => session.stop("timed-out"), timerMs(job.timeoutSeconds));
  const onStopping = () => session.stop("cancelled");
  options.stopping?.addEventListener("abort", onStopping, { once: true });
  if (options.stopping?.aborted) onStopping();

  try {
    const outcome = await executeSteps(options, session, workDir, stepGroups);
    await session.logs.flush();
    if (session.abandoned) return "abandoned";
    session.completing = true;
    await session.call(() => options.api.complete(job.runId, { outcome }));
    return session.abandoned ? "abandoned" : outcome;
  } finally {
    clearInterval(heartbeat);
    clearTimeout(runTimeout);
    options.stopping?.removeEventListener("abort", onStopping);
    session.close();
    // Background processes that steps left running end with the run.
    await Promise.all(stepGroups.map((group) => stopLeftovers(group).then(() => untrackStepGroup(group))));
    await rm(workDir, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined);
  }
}

async function executeSteps(
  options: ExecuteRunOptions,
  session: RunSession,
  workDir: string,
  stepGroups: number[],
): Promise<RunOutcome> {
  const { job, api } = options;
  let outcome: RunOutcome = "succeeded";
  /** Why the remaining steps are skipped, once they are. */
  let skipReason: string | null = null;

  const finished = (step: JobStep, report: Omit<Extract<StepReport, { state: "finished" }>, "state">) =>
    session.call(() => api.reportStep(job.runId, step.position, { state: "finished", ...report }));
  const skip = async (step: JobStep, why: string) => {
    session.system(step.position, why);
    await session.logs.flush();
    await finished(step, { outcome: "skipped", exitCode: null, signal: null });
  };

  for (const step of job.steps) {
    if (session.abandoned) break;
    const stopReason = session.stopReason;
    if (!skipReason && stopReason) {
      outcome = stopReason;
      skipReason = stopReason === "timed-out" ? "the run timed out" : "the run was cancelled";
    }
    if (!skipReason && options.draining?.aborted) {
      outcome = "cancelled";
      skipReason = "the runner was stopped";
    }
    if (skipReason) {
      await skip(step, `Skipped: ${skipReason}.`);
      continue;
    }
    if (step.command === null) {
      await skip(step, `Skipped: this command has no line for ${platformLabel(job.platform)}.`);
      continue;
    }

    await session.call(() => api.reportStep(job.runId, step.position, { state: "started" }));
    if (session.abandoned) break;
    const result = await runOneStep(options, session, step, workDir, stepGroups);
    await session.logs.flush();
    await finished(step, { outcome: result.outcome, exitCode: result.exitCode, signal: result.signal });

    const runTimedOut = session.stopReason === "timed-out";
    if (result.outcome === "succeeded") continue;
    if (result.outcome === "cancelled" || runTimedOut) {
      outcome = runTimedOut ? "timed-out" : "cancelled";
      skipReason = runTimedOut ? "the run timed out" : "the run was cancelled";
    } else if (step.continueOnError) {
      session.system(step.position, "The step failed; the run goes on (continue on error).");
    } else {
      outcome = result.outcome === "timed-out" ? "timed-out" : "failed";
      skipReason = result.outcome === "timed-out" ? "an earlier step timed out" : "an earlier step failed";
    }
  }
  await session.logs.flush();
  return outcome;
}

async function runOneStep(
  options: ExecuteRunOptions,
  session: RunSession,
  step: JobStep,
  workDir: string,
  stepGroups: number[],
): Promise<StepResult> {
  const { job } = options;
  const result = await runStep({
    command: step.command!,
    shell: options.shell,
    cwd: workDir,
    env: {
      ...process.env,
      // Secrets first: a secret can never stand in for one of Flowdeck's own variables.
      ...job.secrets,
      FLOWDECK_RUN_ID: job.runId,
      FLOWDECK_WORKFLOW: job.workflowId,
      FLOWDECK_ORGANIZATION: job.organizationId,
      ...job.env,
      FLOWDECK_STEP: String(step.position + 1),
    },
    timeoutMs: step.timeoutSeconds === null ? null : timerMs(step.timeoutSeconds),
    signal: session.stopSignal,
    ladder: options.ladder,
    onStart: (pid) => {
      stepGroups.push(pid);
      trackStepGroup(pid);
    },
    onOutput: (stream, text) => session.output(step.position, stream, text),
  });
  session.endOutput(step.position);
  if (result.spawnError) session.system(step.position, `Could not start ${options.shell.name}: ${result.spawnError}`);
  if (result.outcome === "timed-out" && session.stopReason !== "timed-out") {
    session.system(step.position, `The step timed out after ${step.timeoutSeconds} s and was stopped.`);
  } else if (result.outcome === "timed-out") {
    session.system(step.position, `The run timed out after ${job.timeoutSeconds} s; the step was stopped.`);
  } else if (result.outcome === "cancelled") {
    session.system(step.position, "The step was stopped: the run was cancelled.");
  }
  return result;
}
