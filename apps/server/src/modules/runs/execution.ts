import { AppError, MESSAGES } from "@flowdeck/shared";
import { RUNNER_PLATFORMS, RUNNER_TIMINGS, type RunnerPlatform } from "@flowdeck/shared/runners/protocol";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import type { Executor } from "../../db/database.ts";
import { insertTransaction, takeCredits } from "../credits/repository.ts";
import type { LockedWorkflow, StepRow } from "../workflows/repository.ts";
import { creditsPerRun, listCommandLines, listRunnerPresence } from "./repository.ts";
import { requireSecrets } from "../secrets/for-runs.ts";
import { freezeCalendar } from "../freeze-windows/service.ts";
import { labelsOfRunner } from "@flowdeck/shared/runners/labels";

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

/** The organization's runners that could take a run asking for `labels`: every label, on any platform. */
async function matchingRunners(tx: Executor, organizationId: string, labels: readonly string[], now: Date) {
  const onlineSince = now.getTime() - RUNNER_TIMINGS.offlineAfterMs;
  return (await listRunnerPresence(tx, organizationId))
    .filter((row) => labels.every((label) => labelsOfRunner(row).includes(label)))
    .map((row) => ({ os: row.os, online: row.lastSeenAt.getTime() > onlineSince }));
}

/** How many runners of `platform` with all of `labels` are registered and online. */
export async function countMatchingRunners(
  tx: Executor,
  options: { organizationId: string; platform: RunnerPlatform; labels: readonly string[]; now: Date },
) {
  const rows = (await matchingRunners(tx, options.organizationId, options.labels, options.now)).filter(
    (row) => row.os === options.platform,
  );
  return { labels: [...options.labels], registered: rows.length, online: rows.filter((row) => row.online).length };
}

/**
 * The platform a run goes to when nobody chose one (the scheduler, the API, Run now's default):
 * one with commands that an online runner with the workflow's labels has, else one a registered
 * matching runner has, else the first with commands (the run waits queued until a runner comes).
 * Null only when no platform has a command: such a run could never be claimed.
 */
export async function choosePlatform(
  tx: Executor,
  options: { organizationId: string; labels: readonly string[]; available: readonly RunnerPlatform[]; now: Date },
): Promise<RunnerPlatform | null> {
  const { available } = options;
  if (available.length === 0) return null;
  const rows = await matchingRunners(tx, options.organizationId, options.labels, options.now);
  const online = rows.filter((row) => row.online).map((row) => row.os);
  const registered = rows.map((row) => row.os);
  return (
    available.find((os) => online.includes(os)) ?? available.find((os) => registered.includes(os)) ?? available[0]!
  );
}

/**
 * What an executed run keeps of the workflow when it is queued: each step's command line for the
 * platform (so a later edit or deletion never changes it), the workflow's timeout and labels. When
 * the organization charges credits per run, they are taken here, in the queueing transaction.
 */
export async function snapshotExecution(
  tx: Executor,
  options: {
    workflow: LockedWorkflow;
    steps: readonly StepRow[];
    request: ExecutionRequest;
    startedBy: string | null;
    /** False while the run awaits approval: credits are taken when the last approval queues it. */
    charge: boolean;
  },
) {
  const { workflow, steps, request, startedBy } = options;
  const lines = await commandLines(tx, workflow.organizationId, steps);
  if (!platformsWithCommands(lines).includes(request.platform)) {
    throw new AppError("invalid-argument", RUNNER_MESSAGES.noCommandsForPlatform);
  }
  await requireSecrets(tx, workflow.organizationId, workflow.secretNames, "secrets");
  const creditsCharged = options.charge ? await chargeForRun(tx, { workflow, userId: startedBy }) : 0;
  return {
    run: {
      platform: request.platform,
      requiredLabels: workflow.runnerLabels,
      secretNames: workflow.secretNames,
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
          retry: step.retry,
          runIf: step.runIf,
        },
      ]),
    ),
  };
}

/** Takes the organization's credits per run, if it charges any, as a ledger row 'Run of <workflow>'. */
export async function chargeForRun(tx: Executor, options: { workflow: LockedWorkflow; userId: string | null }) {
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

/**
 * Where a run goes when nobody chose the platform (the scheduler, the API, the queue): see
 * `choosePlatform`. A workflow without any command line is refused with a clear 400: its run
 * could never be claimed, and a checklist is only ever started by a person asking for one.
 */
export async function defaultExecution(
  tx: Executor,
  workflow: LockedWorkflow,
  steps: readonly StepRow[],
  now: Date,
): Promise<ExecutionRequest> {
  const lines = await commandLines(tx, workflow.organizationId, steps);
  const platform = await choosePlatform(tx, {
    organizationId: workflow.organizationId,
    labels: workflow.runnerLabels,
    available: platformsWithCommands(lines),
    now,
  });
  if (!platform) throw new AppError("invalid-argument", RUNNER_MESSAGES.noCommandsAnywhere);
  return { platform };
}

/**
 * What Run now offers for a workflow: its platforms with commands, the runners of each that have
 * the workflow's labels (the only ones that could take its run), and the default platform.
 */
export async function runOptions(db: Executor, workflow: LockedWorkflow, steps: readonly StepRow[], now: Date) {
  const available = platformsWithCommands(await commandLines(db, workflow.organizationId, steps));
  const labels = workflow.runnerLabels;
  const rows = await matchingRunners(db, workflow.organizationId, labels, now);
  return {
    platforms: available.map((platform) => ({
      platform,
      runners: rows.filter((row) => row.os === platform).length,
      runnersOnline: rows.filter((row) => row.os === platform && row.online).length,
    })),
    labels,
    defaultPlatform: await choosePlatform(db, { organizationId: workflow.organizationId, labels, available, now }),
    parameters: workflow.parameters,
    requiresApproval: workflow.approval !== null,
    confirmName: workflow.confirmName,
    freeze: workflow.respectFreezeWindows ? (await freezeCalendar(db, workflow.organizationId)).noticeAt(now) : null,
  };
}
