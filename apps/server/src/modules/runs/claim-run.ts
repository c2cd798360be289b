import { AppError } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import type { ClaimResponse, Job } from "@flowdeck/shared/runners/protocol";
import { transact } from "../../lib/change-log.ts";
import { findRunner } from "../runners/repository.ts";
import type { RunnerScope } from "../runners/runner-auth.ts";
import { claimQueuedRun, findWorkflowName, listRunSteps, type ExecutedRunRow } from "./repository.ts";

type Claimer = Parameters<typeof claimQueuedRun>[1];

/** Even without a wake-up (a lost NOTIFY), a waiting claim looks again this often. */
const RECHECK_MS = 5_000;

type ClaimOptions = {
  /** The runner acting in its organization (runner-auth.ts runnerScope). */
  scope: RunnerScope;
  holdMs: number;
  leaseMs: number;
  /** Aborted when the runner hangs up or the server shuts down: the claim answers no job. */
  signal: AbortSignal;
};

/**
 * POST /jobs/claim: a run for this runner now, or as soon as one is queued within `holdMs` (long
 * poll). Queueing a run publishes `{ entity: "run", action: "created" }` on the event hub (across
 * instances with PostgreSQL), which wakes the organization's waiting claims at once.
 */
export async function claimRun(options: ClaimOptions): Promise<ClaimResponse> {
  const { scope, holdMs, signal } = options;
  // Its platform and labels as they are now (an admin may have changed the labels).
  const runner = await findRunner(scope.db, scope.organizationId, scope.actor.runnerId);
  if (!runner) throw new AppError("unauthenticated", RUNNER_MESSAGES.unknownSecret);
  const deadline = Date.now() + holdMs;
  let wake: (() => void) | undefined;
  // Subscribed before the first look, and remembered while looking: a run queued in between is not missed.
  let queuedMeanwhile = false;
  const unsubscribe = scope.events.subscribe(runner.organizationId, (event) => {
    if (event.entity !== "run" || event.action !== "created") return;
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

async function tryClaim({ scope, leaseMs }: ClaimOptions, runner: Claimer): Promise<Job | undefined> {
  const claimed = await transact(scope, async (tx, log) => {
    const run = await claimQueuedRun(tx, runner, new Date(), leaseMs);
    if (!run) return undefined;
    const workflowName = await findWorkflowName(tx, run.workflowId);
    log.record({ action: "run.claimed", entityId: run.id, summary: `Claimed a run of "${workflowName}"` });
    // The Runners page shows the run each runner is executing.
    log.announce({ entity: "runner", id: runner.id, action: "updated" });
    return { run, steps: await listRunSteps(tx, run.id), workflowName };
  });
  if (!claimed) return undefined;
  return toJob(claimed.run, claimed.steps, claimed.workflowName);
}

function toJob(run: ExecutedRunRow, steps: Awaited<ReturnType<typeof listRunSteps>>, workflowName: string): Job {
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
    },
    steps: steps.map((step) => ({
      position: step.position,
      name: step.name,
      command: step.command,
      continueOnError: step.continueOnError,
      timeoutSeconds: step.timeoutSeconds,
    })),
  };
}
