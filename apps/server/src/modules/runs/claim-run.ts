import type { ClaimResponse, Job } from "@flowdeck/shared/runners/protocol";
import { parameterEnvName, parameterEnvValue } from "@flowdeck/shared/workflows/parameters";
import { transact, type RunnerScope } from "../../lib/change-log.ts";
import { claimRun as claimNextRun } from "./lifecycle.ts";
import { listRunSteps, type RunRecord } from "./repository.ts";
import { secretsForRun } from "../secrets/for-runs.ts";

/** The runner claiming: its platform and labels as they are now (an admin may have changed the labels). */
export type Claimer = { id: string; organizationId: string; os: string; labels: string[] };

/** Even without a wake-up (a lost NOTIFY), a waiting claim looks again this often. */
const RECHECK_MS = 5_000;

type ClaimOptions = {
  /** The runner acting in its organization (lib/scope.ts runnerScopeOf). */
  scope: RunnerScope;
  runner: Claimer;
  holdMs: number;
  leaseMs: number;
  /** Aborted when the runner hangs up or the server shuts down: the claim answers no job. */
  signal: AbortSignal;
};

/**
 * POST /jobs/claim: a run for this runner now, or as soon as one is queued within `holdMs` (long
 * poll). Queueing a run signals the organization's queue on the event hub (across instances with
 * PostgreSQL; never the browsers' stream), which wakes its waiting claims at once.
 */
export async function claimRun(options: ClaimOptions): Promise<ClaimResponse> {
  const { scope, runner, holdMs, signal } = options;
  const deadline = Date.now() + holdMs;
  let wake: (() => void) | undefined;
  // Subscribed before the first look, and remembered while looking: a run queued in between is not missed.
  let queuedMeanwhile = false;
  const unsubscribe = scope.events.subscribeQueue(runner.organizationId, () => {
    if (wake) wake();
    else queuedMeanwhile = true;
  });
  const onAbort = () => wake?.();
  signal.addEventListener("abort", onAbort);
  try {
    for (;;) {
      queuedMeanwhile = false;
      const job = await tryClaim(options, runner);
      if (job) return { job };
      const remaining = deadline - Date.now();
      if (remaining <= 0 || signal.aborted) return { job: null };
      if (queuedMeanwhile) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(remaining, RECHECK_MS));
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
      if (signal.aborted) return { job: null };
    }
  } finally {
    unsubscribe();
    signal.removeEventListener("abort", onAbort);
  }
}

type ClaimedRun = {
  run: RunRecord;
  steps: Awaited<ReturnType<typeof listRunSteps>>;
  workflowName: string;
  secrets: Record<string, string>;
};

async function tryClaim({ scope, leaseMs }: ClaimOptions, runner: Claimer): Promise<Job | undefined> {
  const claimed = await transact(scope, async (tx, log) => {
    const taken = await claimNextRun(tx, log, { runner, now: new Date(), leaseMs });
    if (!taken) return undefined;
    // The run's secrets go to the runner that claimed it, in this answer only: never stored with the run.
    return { ...taken, steps: await listRunSteps(tx, taken.run.id), secrets: await secretsForRun(tx, taken.run) };
  });
  if (!claimed) return undefined;
  return toJob(claimed);
}

function toJob({ run, steps, workflowName, secrets }: ClaimedRun): Job {
  return {
    runId: run.id,
    organizationId: run.organizationId,
    workflowId: run.workflowId,
    workflowName,
    platform: run.platform!,
    timeoutSeconds: run.timeoutSeconds ?? 3600,
    env: {
      FLOWDECK_RUN_ID: run.id,
      FLOWDECK_WORKFLOW: run.workflowId,
      FLOWDECK_ORGANIZATION: run.organizationId,
      // Values are data in the environment, never spliced into a command line (decision 061).
      ...Object.fromEntries(
        run.parameters.map((parameter) => [parameterEnvName(parameter.name), parameterEnvValue(parameter.value)]),
      ),
    },
    secrets,
    steps: steps.map((step) => ({
      position: step.position,
      name: step.name,
      command: step.command,
      continueOnError: step.continueOnError,
      timeoutSeconds: step.timeoutSeconds,
      retry: step.retry,
      runIf: step.runIf,
    })),
  };
}
