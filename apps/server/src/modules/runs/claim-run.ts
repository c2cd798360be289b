import type { ClaimResponse, Job } from "@flowdeck/shared/runners/protocol";
import { parameterEnvName, parameterEnvValue } from "@flowdeck/shared/workflows/parameters";
import { changeWithoutTransaction, type RunnerScope } from "../../lib/change-log.ts";
import { claimRun as claimNextRun, returnClaim } from "./lifecycle.ts";
import { listRunSteps, type RunRecord } from "./repository.ts";
import { secretsForRun } from "../secrets/for-runs.ts";
import { waitingClaims } from "./waiting-claims.ts";

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
 * PostgreSQL; never the browsers' stream), which wakes a waiting claim of each of its runners at
 * once (waiting-claims.ts).
 */
export async function claimRun(options: ClaimOptions): Promise<ClaimResponse> {
  const { scope, runner, holdMs, signal } = options;
  const deadline = Date.now() + holdMs;
  // Joined before the first look, and told of runs queued while it looks: none is missed.
  const claim = waitingClaims(scope.events).join(runner.organizationId, runner.id);
  try {
    for (;;) {
      claim.looking();
      const taken = await tryClaim(options, runner);
      if (taken && signal.aborted) {
        // The runner hung up while the run was being claimed: nobody would ever get the answer.
        await changeWithoutTransaction(scope, (db, log) => returnClaim(db, log, taken.run));
        return { job: null };
      }
      if (taken) {
        claim.tookRun();
        return { job: toJob(taken) };
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0 || signal.aborted) return { job: null };
      if (claim.lookAgain) continue;
      await claim.wait(Math.min(remaining, RECHECK_MS), signal);
      if (signal.aborted) return { job: null };
    }
  } finally {
    claim.leave();
  }
}

type ClaimedRun = {
  run: RunRecord;
  steps: Awaited<ReturnType<typeof listRunSteps>>;
  workflowName: string;
  secrets: Record<string, string>;
};

async function tryClaim({ scope, leaseMs }: ClaimOptions, runner: Claimer): Promise<ClaimedRun | undefined> {
  // The claim is one statement of its own (lifecycle.ts): no transaction, so a look that finds
  // nothing costs one round trip. What the job carries is read once the run is the runner's.
  const taken = await changeWithoutTransaction(scope, (db, log) =>
    claimNextRun(db, log, { runner, now: new Date(), leaseMs }),
  );
  scope.metrics?.claimLooked(taken !== undefined);
  if (!taken) return undefined;
  // The run's secrets go to the runner that claimed it, in this answer only: never stored with the run.
  const steps = await listRunSteps(scope.db, taken.run.id);
  const secrets = await secretsForRun(scope.db, taken.run);
  return { ...taken, steps, secrets };
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
    completeTakesStep: true,
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
