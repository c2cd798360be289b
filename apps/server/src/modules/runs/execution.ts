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
import { narrowTarget, normalizeTarget, TARGET_MESSAGES, type Target } from "@flowdeck/shared/runs/targets";

/**
 * Where an executed run goes (decision 080): the platform whose command lines it runs and its
 * target — any one matching runner, the one runner it is pinned to, or (platform null) every
 * matching runner, each target with its own runner's platform.
 */
export type ExecutionRequest = {
  platform: RunnerPlatform | null;
  target: Target;
  /** The steps' command lines as read to decide the platform, in this transaction: not read again. */
  lines?: CommandLines;
};

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
export async function matchingRunners(tx: Executor, organizationId: string, labels: readonly string[], now: Date) {
  const onlineSince = now.getTime() - RUNNER_TIMINGS.offlineAfterMs;
  return (await listRunnerPresence(tx, organizationId))
    .filter((row) => labels.every((label) => labelsOfRunner(row).includes(label)))
    .map((row) => ({ id: row.id, name: row.name, os: row.os, online: row.lastSeenAt.getTime() > onlineSince }));
}
export type MatchingRunner = Awaited<ReturnType<typeof matchingRunners>>[number];

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
  const { platform, target } = request;
  const lines = request.lines ?? (await commandLines(tx, workflow.organizationId, steps));
  if (platform && !platformsWithCommands(lines).includes(platform)) {
    throw new AppError("invalid-argument", RUNNER_MESSAGES.noCommandsForPlatform);
  }
  await requireSecrets(tx, workflow.organizationId, workflow.secretNames, "secrets");
  // A fan-out is charged per target, when its targets are made (fan-out.ts).
  const charge = options.charge && target.mode !== "all";
  const creditsCharged = charge ? await chargeForRun(tx, { workflow, userId: startedBy }) : 0;
  return {
    run: {
      platform,
      requiredLabels: workflow.runnerLabels,
      secretNames: workflow.secretNames,
      timeoutSeconds: workflow.timeoutSeconds,
      creditsCharged,
      target,
      targetRunnerId: target.mode === "runner" ? target.runnerId : null,
    },
    // A fan-out's own steps are its targets' (each snapshots its platform's lines).
    steps: platform ? stepSnapshots(lines, steps, platform) : undefined,
  };
}

/** Each step as a run on `platform` keeps it: its command line then, and how it runs. */
export function stepSnapshots(lines: CommandLines, steps: readonly StepRow[], platform: RunnerPlatform) {
  return new Map(
    steps.map((step) => [
      step.id,
      {
        command: lines.get(step.id)?.[platform] ?? null,
        continueOnError: step.continueOnError,
        timeoutSeconds: step.timeoutSeconds,
        retry: step.retry,
        runIf: step.runIf,
      },
    ]),
  );
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
 * Where a run goes (decision 080): the workflow's target, narrowed by what one run asked for
 * (`narrowTarget`: never wider than the workflow's selector). Any one runner: the platform asked
 * for, else `choosePlatform`'s; a chosen runner: its platform; every matching runner: each
 * target's own. A workflow without any command line is refused with a clear 400: its run could
 * never be claimed, and a checklist is only ever started by a person asking for one.
 */
export async function resolveExecution(
  tx: Executor,
  options: {
    workflow: LockedWorkflow;
    steps: readonly StepRow[];
    now: Date;
    asked?: { platform?: RunnerPlatform | undefined; target?: Target | undefined };
  },
): Promise<ExecutionRequest> {
  const { workflow, steps, now, asked } = options;
  const lines = await commandLines(tx, workflow.organizationId, steps);
  const available = platformsWithCommands(lines);
  if (available.length === 0) throw new AppError("invalid-argument", RUNNER_MESSAGES.noCommandsAnywhere);
  // Only a run narrowed to one runner asks which runners match.
  const matching = asked?.target ? await matchingRunners(tx, workflow.organizationId, workflow.runnerLabels, now) : [];
  const narrowed = narrowTarget(normalizeTarget(workflow.target), asked?.target, (id) =>
    matching.some((runner) => runner.id === id),
  );
  if (!narrowed.ok) throw new AppError("invalid-argument", narrowed.message, { target: narrowed.message });
  const { target } = narrowed;
  if (target.mode === "all") return { platform: null, target, lines };
  if (target.mode === "runner") {
    const runner = await findPinnedRunner(tx, workflow.organizationId, target.runnerId);
    if (asked?.platform && asked.platform !== runner.os) {
      throw new AppError("invalid-argument", RUNNER_MESSAGES.noCommandsForPlatform);
    }
    return { platform: runner.os, target, lines };
  }
  if (asked?.platform) return { platform: asked.platform, target, lines };
  const platform = await choosePlatform(tx, {
    organizationId: workflow.organizationId,
    labels: workflow.runnerLabels,
    available,
    now,
  });
  return { platform: platform ?? available[0]!, target, lines };
}

/** Where nobody asked for anything (the scheduler, a webhook, a run's end): the workflow's own target. */
export function defaultExecution(tx: Executor, workflow: LockedWorkflow, steps: readonly StepRow[], now: Date) {
  return resolveExecution(tx, { workflow, steps, now });
}

/** The runner a run is pinned to, if it is still one of the organization's (not revoked). */
async function findPinnedRunner(tx: Executor, organizationId: string, runnerId: string | null) {
  const [runner] = await listRunnerPresence(tx, organizationId, runnerId);
  if (!runner)
    throw new AppError("invalid-argument", TARGET_MESSAGES.runnerNotFound, { target: TARGET_MESSAGES.runnerNotFound });
  return { id: runner.id, os: runner.os as RunnerPlatform };
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
    target: normalizeTarget(workflow.target),
    runners: rows
      .map((row) => ({ id: row.id, name: row.name, platform: row.os as RunnerPlatform, online: row.online }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
