import type { Job } from "@flowdeck/shared/runners/protocol";
import { UnreachableError, isRetryable } from "../api/api-errors.ts";
import { retrying } from "../api/backoff.ts";
import { describeApiError } from "../api/describe-error.ts";
import type { RunnerApi } from "../api/runner-api.ts";
import { executeRun } from "../execution/execute-run.ts";
import type { Shell } from "../execution/shell.ts";

export type RunnerLoopOptions = {
  api: RunnerApi;
  shell: Shell;
  concurrency: number;
  /** One run, then stop (ephemeral machines). */
  once: boolean;
  say: (message: string) => void;
  warn: (message: string) => void;
  /** Aborted on the first stop request: claim nothing more, let current steps finish. */
  draining: AbortSignal;
  /** Aborted on the second: cancel the current steps too. */
  stopping: AbortSignal;
  workRoot?: string;
};

/** Everything that is worth waiting out while claiming: a runner started at boot may come up before the network. */
const worthWaiting = (error: unknown) => error instanceof UnreachableError || isRetryable(error);

/**
 * Claims runs by long poll and executes them, `concurrency` at a time, until `draining` is aborted
 * (or after one run with `once`). Resolves with the error that stopped the runner, or null.
 */
export async function runRunnerLoop(options: RunnerLoopOptions): Promise<unknown> {
  const { api } = options;
  let fatal: unknown = null;
  const stopClaiming = new AbortController();
  const stopEverything = new AbortController();
  options.draining.addEventListener("abort", () => stopClaiming.abort(), { once: true });
  options.stopping.addEventListener("abort", () => stopEverything.abort(), { once: true });
  const onFatal = (error: unknown) => {
    fatal ??= error;
    stopClaiming.abort();
    stopEverything.abort();
  };
  let outage = false;

  const claim = async (): Promise<Job | null> => {
    const answer = await retrying(() => api.claim(stopClaiming.signal), {
      signal: stopClaiming.signal,
      retryIf: worthWaiting,
      onRetry: (error, delayMs) => {
        outage = true;
        options.warn(`${describeApiError(error, api.baseUrl)} Retrying in ${Math.ceil(delayMs / 1000)} s.`);
      },
    });
    if (outage) options.say(`Connected to Flowdeck at ${api.baseUrl} again.`);
    outage = false;
    return answer.job;
  };

  const worker = async () => {
    while (!stopClaiming.signal.aborted) {
      let job: Job | null;
      try {
        job = await claim();
      } catch (error) {
        if (!stopClaiming.signal.aborted) onFatal(error);
        return;
      }
      if (!job) continue;
      if (options.once) stopClaiming.abort();
      const steps = job.steps.length === 1 ? "1 step" : `${job.steps.length} steps`;
      options.say(`Run ${job.runId}: "${job.workflowName}" claimed (${steps}).`);
      try {
        const result = await executeRun({
          job,
          api,
          shell: options.shell,
          say: options.say,
          onFatal,
          draining: options.draining,
          stopping: stopEverything.signal,
          workRoot: options.workRoot,
        });
        options.say(`Run ${job.runId}: ${result}.`);
      } catch (error) {
        // This machine could not run it (no space for its working directory, …); the server will
        // see the run's lease run out and mark it lost. The runner goes on with the next run.
        options.warn(`Run ${job.runId}: could not be executed here: ${(error as Error).message}`);
      }
    }
  };

  const workers = options.once ? 1 : options.concurrency;
  await Promise.all(Array.from({ length: workers }, worker));
  return fatal;
}
