import { mkdtemp, rm } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { parameterEnvName } from "@flowdeck/shared/workflows/parameters";
import { decideRunIf, retryDelaySeconds, shouldRetry } from "@flowdeck/shared/workflows/step-control";
import os from "node:os";
import path from "node:path";
import {
  RUNNER_TIMINGS,
  type CompleteRun,
  type Job,
  type JobStep,
  type RunOutcome,
  type StepAttempt,
  type StepReport,
} from "@flowdeck/shared/runners/protocol";
import type { RunnerApi } from "../api/runner-api.ts";
import { platformLabel } from "../platform.ts";
import { stopLeftovers, trackStepGroup, untrackStepGroup, type StopLadder } from "./process-tree.ts";
import { RunSession } from "./run-session.ts";
import { runStep, type StepResult } from "./run-step.ts";
import { StepOutputs } from "./step-outputs.ts";
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
    const { outcome, lastStep } = await executeSteps(options, session, workDir, stepGroups);
    await session.logs.flush();
    if (session.abandoned) return "abandoned";
    session.completing = true;
    await session.call(() => options.api.complete(job.runId, { outcome, step: lastStep }));
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
): Promise<{ outcome: RunOutcome; lastStep: CompleteRun["step"] }> {
  const { job, api } = options;
  const outputs = new StepOutputs(await mkdtemp(path.join(path.dirname(workDir), "flowdeck-outputs-")));
  /** What happened so far, for each step's "Run this step" (decision 072). */
  const earlier = { anyFailed: false, runFailed: false };
  /** How the run ends when a step failed without continue-on-error. */
  let failedOutcome: RunOutcome = "failed";
  let failureReason = "an earlier step failed";
  /** Why the remaining steps are skipped, whatever they ask: cancel, the run's timeout, the runner stopping. */
  let stopped: { outcome: RunOutcome; reason: string } | null = null;

  // A server that takes it gets the last step's report with the run's completion: one call fewer a run.
  const lastPosition = job.completeTakesStep ? job.steps.at(-1)?.position : undefined;
  let lastStep: CompleteRun["step"];
  const finished = async (step: JobStep, report: Omit<Extract<StepReport, { state: "finished" }>, "state">) => {
    const finishedReport = { state: "finished", ...report } as const;
    if (step.position === lastPosition) lastStep = { position: step.position, report: finishedReport };
    else await session.call(() => api.reportStep(job.runId, step.position, finishedReport));
  };
  const skip = async (step: JobStep, why: string) => {
    session.system(step.position, `Skipped: ${why}.`);
    await session.logs.flush();
    await finished(step, { ...NOTHING_RAN, outcome: "skipped", reason: why });
  };

  try {
    for (const step of job.steps) {
      if (session.abandoned) break;
      const stopReason = session.stopReason;
      if (!stopped && stopReason) {
        stopped =
          stopReason === "timed-out"
            ? { outcome: "timed-out", reason: "the run timed out" }
            : { outcome: "cancelled", reason: "the run was cancelled" };
      }
      if (!stopped && options.draining?.aborted) stopped = { outcome: "cancelled", reason: "the runner was stopped" };
      if (stopped) {
        await skip(step, stopped.reason);
        continue;
      }
      const decision = decideRunIf(step.runIf, earlier, (name) => job.env[parameterEnvName(name)]);
      if (!decision.run) {
        await skip(step, decision.reason === "an earlier step failed" ? failureReason : decision.reason);
        continue;
      }
      if (step.command === null) {
        await skip(step, `this command has no line for ${platformLabel(job.platform)}`);
        continue;
      }

      await session.call(() => api.reportStep(job.runId, step.position, { state: "started" }));
      if (session.abandoned) break;
      const { result, attempts } = await runWithRetries(options, session, step, workDir, stepGroups, outputs);
      const collected = await outputs.collect(step.position, attempts.file, (text) => session.mask(text));
      for (const note of collected.notes) session.system(step.position, note);
      await session.logs.flush();
      await finished(step, {
        outcome: result.outcome,
        exitCode: result.exitCode,
        signal: result.signal,
        attempts: attempts.list,
        outputs: collected.values,
        outputsTruncated: collected.truncated,
        reason: null,
      });

      const runTimedOut = session.stopReason === "timed-out";
      if (result.outcome === "succeeded") continue;
      if (result.outcome === "cancelled" || runTimedOut) {
        stopped = runTimedOut
          ? { outcome: "timed-out", reason: "the run timed out" }
          : { outcome: "cancelled", reason: "the run was cancelled" };
        continue;
      }
      earlier.anyFailed = true;
      if (step.continueOnError) {
        session.system(step.position, "The step failed; the run goes on (continue on error).");
      } else if (!earlier.runFailed) {
        earlier.runFailed = true;
        failedOutcome = result.outcome === "timed-out" ? "timed-out" : "failed";
        failureReason = result.outcome === "timed-out" ? "an earlier step timed out" : "an earlier step failed";
      }
    }
  } finally {
    await rm(outputs.dir, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined);
  }
  await session.logs.flush();
  // A step that failed without continue-on-error fails the run, even when an "always" step then succeeded.
  if (stopped) return { outcome: stopped.outcome, lastStep };
  return { outcome: earlier.runFailed ? failedOutcome : "succeeded", lastStep };
}

const NOTHING_RAN = {
  exitCode: null,
  signal: null,
  attempts: [],
  outputs: {},
  outputsTruncated: false,
} satisfies Partial<StepReport>;

/**
 * Runs a step, and again per its retry policy while it fails (decision 072): after its delay,
 * fixed or doubling, only on the listed exit codes when there are any. Cancel and the run's
 * timeout stop the retries (and the wait between them). Each attempt gets a fresh output file;
 * the last attempt's outputs are the step's.
 */
async function runWithRetries(
  options: ExecuteRunOptions,
  session: RunSession,
  step: JobStep,
  workDir: string,
  stepGroups: number[],
  outputs: StepOutputs,
) {
  const list: StepAttempt[] = [];
  const total = 1 + (step.retry?.attempts ?? 0);
  for (let attempt = 1; ; attempt++) {
    if (total > 1) session.system(step.position, `Attempt ${attempt} of ${total}.`);
    const file = await outputs.freshFile(step.position, attempt);
    const startedAt = new Date().toISOString();
    const result = await runOneStep(options, session, step, workDir, stepGroups, { file, env: outputs.env });
    list.push({ exitCode: result.exitCode, startedAt, endedAt: new Date().toISOString() });
    const retryable = result.outcome === "failed" && !session.stopReason && !options.draining?.aborted;
    if (!retryable || !shouldRetry(step.retry, attempt, result.exitCode)) {
      if (result.outcome === "failed" && step.retry && attempt < total && !session.stopReason) {
        session.system(step.position, `Exit code ${result.exitCode ?? "none"} is not one to retry on.`);
      }
      return { result, attempts: { list, file } };
    }
    const delay = retryDelaySeconds(step.retry!, attempt);
    session.system(
      step.position,
      `Attempt ${attempt} failed with exit code ${result.exitCode ?? "none"}; trying again${delay > 0 ? ` in ${delay} s` : ""}.`,
    );
    await session.logs.flush();
    if (delay > 0) await sleep(timerMs(delay), undefined, { signal: session.stopSignal }).catch(() => undefined);
    if (session.stopReason) return { result, attempts: { list, file } };
  }
}

async function runOneStep(
  options: ExecuteRunOptions,
  session: RunSession,
  step: JobStep,
  workDir: string,
  stepGroups: number[],
  output: { file: string; env: Record<string, string> },
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
      // Earlier steps' outputs (FLOWDECK_OUTPUT_STEP1_VERSION), then where this step writes its own.
      ...output.env,
      FLOWDECK_STEP: String(step.position + 1),
      FLOWDECK_OUTPUT: output.file,
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
