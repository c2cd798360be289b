import { AppError, MESSAGES } from "@flowdeck/shared";
import { RUNNER_PLATFORMS, RUNNER_TIMINGS, type RunnerPlatform } from "@flowdeck/shared/runners/protocol";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import type { Executor } from "../../db/database.ts";
import { insertTransaction, takeCredits } from "../credits/repository.ts";
import type { LockedWorkflow, StepRow } from "../workflows/repository.ts";
import { creditsPerRun, listCommandLines, listRunnerPresence } from "./repository.ts";

export type ExecutionRequest = { platform: RunnerPlatform };

type CommandLines = Map<string, Record<RunnerPlatform, string | null>>;

/** Each step's command line per platform, as the commands are now; blank lines are none. */
export async function commandLines(
  tx: Executor,
  organizationId: string,
  steps: readonly StepRow[],
): Promise<CommandLines> {
  const ids = [...new Set(steps.flatMap((step) => (step.taskId ? [step.taskId] : [])))];
  const byTask = new Map((await listCommandLines(tx, organizationId, ids)).map((row) => [row.id, row]));
  return new Map(
    steps.map((step) => {
      const task = step.taskId ? byTask.get(step.taskId) : undefined;
      const line = (platform: RunnerPlatform) => (task?.[platform].trim() ? task[platform] : null);
      return [step.id, { windows: line("windows"), linux: line("linux"), mac: line("mac") }];
    }),
  );
}

/** The platforms at least one step has a command line for, in the order screens show them. */
export function platformsWithCommands(lines: CommandLines) {
  return RUNNER_PLATFORMS.filter((platform) => [...lines.values()].some((line) => line[platform] !== null));
}

/**
 * The platform a run goes to when nobody chose one (the scheduler, Run now's default): one with
 * commands that an online runner has, else one a registered runner has. Null when the
 * organization has no runner for any of them: the run stays a checklist, as before runners.
 */
export async function choosePlatform(
  tx: Executor,
  organizationId: string,
  available: readonly RunnerPlatform[],
  now: Date,
): Promise<RunnerPlatform | null> {
  if (available.length === 0) return null;
  const rows = await listRunnerPresence(tx, organizationId);
  const onlineSince = now.getTime() - RUNNER_TIMINGS.offlineAfterMs;
  const online = rows.filter((row) => row.lastSeenAt.getTime() > onlineSince).map((row) => row.os);
  const registered = rows.map((row) => row.os);
  return available.find((os) => online.includes(os)) ?? available.find((os) => registered.includes(os)) ?? null;
}

/**
 * What an executed run keeps of the workflow when it is queued: each step's command line for the
 * platform (so a later edit or deletion never changes it), the workflow's timeout and labels. When
 * the organization charges credits per run, they are taken here, in the queueing transaction.
 */
export async function snapshotExecution(
  tx: Executor,
  options: { workflow: LockedWorkflow; steps: readonly StepRow[]; request: ExecutionRequest; startedBy: string | null },
) {
  const { workflow, steps, request, startedBy } = options;
  const lines = await commandLines(tx, workflow.organizationId, steps);
  if (!platformsWithCommands(lines).includes(request.platform)) {
    throw new AppError("invalid-argument", RUNNER_MESSAGES.noCommandsForPlatform);
  }
  const creditsCharged = await chargeForRun(tx, { workflow, userId: startedBy });
  return {
    run: {
      platform: request.platform,
      requiredLabels: workflow.runnerLabels,
      timeoutSeconds: workflow.timeoutSeconds,
      creditsCharged,
    },
    steps: new Map(
      steps.map((step) => [
        step.id,
        {
          command: lines.get(step.id)?.[request.platform] ?? null,
          continueOnError: step.continueOnError,
          timeoutSeconds: step.timeoutSeconds,
        },
      ]),
    ),
  };
}

/** Takes the organization's credits per run, if it charges any, as a ledger row 'Run of <workflow>'. */
async function chargeForRun(tx: Executor, options: { workflow: LockedWorkflow; userId: string | null }) {
  const { workflow, userId } = options;
  const amount = await creditsPerRun(tx, workflow.organizationId);
  if (amount <= 0) return 0;
  const balance = await takeCredits(tx, { organizationId: workflow.organizationId, amount });
  if (balance === undefined) throw new AppError("invalid-argument", MESSAGES.insufficientCredits);
  await insertTransaction(tx, {
    organizationId: workflow.organizationId,
    userId,
    amount: -amount,
    type: "consumption",
    description: `Run of ${workflow.name}`,
  });
  return amount;
}

/** Where the scheduler sends a workflow's run: see `choosePlatform`; null keeps it a checklist. */
export async function defaultExecution(
  tx: Executor,
  workflow: LockedWorkflow,
  steps: readonly StepRow[],
  now: Date,
): Promise<ExecutionRequest | null> {
  const lines = await commandLines(tx, workflow.organizationId, steps);
  const platform = await choosePlatform(tx, workflow.organizationId, platformsWithCommands(lines), now);
  return platform ? { platform } : null;
}

/** What Run now offers for a workflow: its platforms with commands, the runners of each, a default. */
export async function runOptions(db: Executor, workflow: LockedWorkflow, steps: readonly StepRow[], now: Date) {
  const available = platformsWithCommands(await commandLines(db, workflow.organizationId, steps));
  const rows = await listRunnerPresence(db, workflow.organizationId);
  const since = now.getTime() - RUNNER_TIMINGS.offlineAfterMs;
  return {
    platforms: available.map((platform) => ({
      platform,
      runners: rows.filter((row) => row.os === platform).length,
      runnersOnline: rows.filter((row) => row.os === platform && row.lastSeenAt.getTime() > since).length,
    })),
    defaultPlatform: await choosePlatform(db, workflow.organizationId, available, now),
  };
}
