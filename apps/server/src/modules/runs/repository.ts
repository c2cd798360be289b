import type { RetryPolicy, RunIf } from "@flowdeck/shared/workflows/step-control";
import {
  ACTIVE_RUN_STATUSES,
  type RunKind,
  type RunStatus,
  type RunStepStatus,
  type RunTrigger,
} from "@flowdeck/shared/runs/constants";
import type { RunnerPlatform } from "@flowdeck/shared/runners/protocol";
import type { RunParameter } from "@flowdeck/shared/workflows/parameters";
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { preparedStatements } from "../../db/prepared.ts";
import { literal } from "../../db/schema/columns.ts";
import {
  organizations,
  runLogChunks,
  runners,
  tasks,
  user,
  workflowRunSteps,
  workflowRuns,
  workflows,
} from "../../db/schema/index.ts";

/**
 * The one writer of a run's tables (`workflow_runs`, `workflow_run_steps`, `run_log_chunks`):
 * every status change comes through `lifecycle.ts`, which calls the writes here. Retention's batch
 * delete is the documented exception (docs/conventions.md).
 */

export type RunRecord = typeof workflowRuns.$inferSelect;
export type RunStepRow = typeof workflowRunSteps.$inferSelect;
export type FinalStatus = Exclude<RunStatus, "awaiting-approval" | "queued" | "running">;

/** What the API shows of a run: its row with the names of who started it and of its runner. */
export const runColumns = {
  id: workflowRuns.id,
  workflowId: workflowRuns.workflowId,
  trigger: workflowRuns.trigger,
  triggeredByRunId: workflowRuns.triggeredByRunId,
  startedBy: workflowRuns.startedBy,
  startedByName: sql<string | null>`coalesce(nullif(${user.name}, ''), ${user.email})`,
  status: workflowRuns.status,
  startedAt: workflowRuns.startedAt,
  finishedAt: workflowRuns.finishedAt,
  kind: workflowRuns.kind,
  platform: workflowRuns.platform,
  runnerId: workflowRuns.runnerId,
  runnerName: runners.name,
  cancelRequestedAt: workflowRuns.cancelRequestedAt,
  pinned: workflowRuns.pinned,
  parameters: workflowRuns.parameters,
  skipReason: workflowRuns.skipReason,
  freezeOverride: workflowRuns.freezeOverride,
  outputsTruncated: workflowRuns.outputsTruncated,
  // [total, succeeded, skipped], one probe of workflow_run_steps_run_idx per run.
  stepCounts: sql<
    number[]
  >`(select array[count(*), count(*) filter (where s.status = 'succeeded'), count(*) filter (where s.status = 'skipped')]::int[] from ${workflowRunSteps} s where s.run_id = ${workflowRuns.id})`,
};

export type RunRow = {
  id: string;
  workflowId: string;
  trigger: RunTrigger;
  triggeredByRunId: string | null;
  startedBy: string | null;
  startedByName: string | null;
  status: RunStatus;
  startedAt: Date;
  finishedAt: Date | null;
  kind: RunKind;
  platform: RunnerPlatform | null;
  runnerId: string | null;
  runnerName: string | null;
  cancelRequestedAt: Date | null;
  pinned: boolean;
  parameters: RunParameter[];
  skipReason: string | null;
  freezeOverride: string | null;
  outputsTruncated: boolean;
  stepCounts: number[];
};

// Writes: only lifecycle.ts changes a run's status.

export async function insertRun(
  db: Executor,
  values: {
    workflowId: string;
    organizationId: string;
    trigger: RunTrigger;
    /** The run whose end started it (trigger `run-after`). */
    triggeredByRunId?: string | null;
    startedBy: string | null;
    at: Date;
    /** The values it is given, with their labels and types (decision 061). */
    parameters: RunParameter[];
    /** An executed run waits queued for a runner; without it, a checklist is under way at once. */
    execution?: Pick<
      typeof workflowRuns.$inferInsert,
      "platform" | "requiredLabels" | "secretNames" | "timeoutSeconds" | "creditsCharged" | "target" | "targetRunnerId"
    > | null;
    /** The gate held it for approval (decision 067): it waits, neither queued nor under way. */
    awaiting?: Pick<
      typeof workflowRuns.$inferInsert,
      "approval" | "approvalExpiresAt" | "note" | "requestedByTokenId" | "requestedByTokenName"
    >;
    /** A freeze window held it (decision 071): recorded as skipped, with why. */
    skipReason?: string;
    /** An admin's or owner's reason for starting it during a freeze window. */
    freezeOverride?: string | null;
  },
) {
  const [row] = await db
    .insert(workflowRuns)
    .values({
      workflowId: values.workflowId,
      organizationId: values.organizationId,
      trigger: values.trigger,
      triggeredByRunId: values.triggeredByRunId ?? null,
      startedBy: values.startedBy,
      status: values.skipReason
        ? "skipped"
        : values.awaiting
          ? "awaiting-approval"
          : values.execution
            ? // A fan-out is under way at once: its targets are what runners claim (decision 080).
              values.execution.target?.mode === "all"
              ? "running"
              : "queued"
            : "running",
      skipReason: values.skipReason ?? null,
      finishedAt: values.skipReason ? values.at : null,
      freezeOverride: values.freezeOverride ?? null,
      kind: values.execution ? "executed" : "checklist",
      parameters: values.parameters,
      ...values.execution,
      ...values.awaiting,
      startedAt: values.at,
    })
    .returning({ id: workflowRuns.id });
  if (!row) throw new Error("insert returned no run");
  return row;
}

export async function insertRunSteps(
  db: Executor,
  runId: string,
  steps: {
    stepId: string;
    position: number;
    name: string;
    status: RunStepStatus;
    command?: string | null;
    continueOnError?: boolean;
    timeoutSeconds?: number | null;
    retry?: RetryPolicy | null;
    runIf?: RunIf;
  }[],
) {
  if (steps.length === 0) return;
  await db.insert(workflowRunSteps).values(steps.map((step) => ({ ...step, runId })));
}

/** A fan-out's targets (decision 080): one queued (or skipped) run per runner, under their run. */
export async function insertTargets(
  db: Executor,
  parent: { id: string; workflowId: string; organizationId: string; trigger: RunTrigger; startedBy: string | null },
  targets: {
    runnerId: string;
    platform: RunnerPlatform;
    status: "queued" | "skipped";
    skipReason: string | null;
    held: boolean;
    claimDeadline: Date | null;
    secretNames: string[];
    timeoutSeconds: number;
    creditsCharged: number;
    parameters: RunParameter[];
    at: Date;
  }[],
) {
  if (targets.length === 0) return [];
  return db
    .insert(workflowRuns)
    .values(
      targets.map((target) => ({
        workflowId: parent.workflowId,
        organizationId: parent.organizationId,
        trigger: parent.trigger,
        startedBy: parent.startedBy,
        parentRunId: parent.id,
        kind: "executed" as const,
        platform: target.platform,
        targetRunnerId: target.runnerId,
        status: target.status,
        skipReason: target.skipReason,
        finishedAt: target.status === "skipped" ? target.at : null,
        held: target.held,
        claimDeadline: target.claimDeadline,
        secretNames: target.secretNames,
        timeoutSeconds: target.timeoutSeconds,
        creditsCharged: target.creditsCharged,
        parameters: target.parameters,
        startedAt: target.at,
      })),
    )
    .returning({ id: workflowRuns.id, targetRunnerId: workflowRuns.targetRunnerId, status: workflowRuns.status });
}

/** The run's batch moved on: these held targets may be claimed now. */
export async function releaseTargets(db: Executor, targetIds: readonly string[]) {
  if (targetIds.length === 0) return;
  await db
    .update(workflowRuns)
    .set({ held: false })
    .where(inArray(workflowRuns.id, [...targetIds]));
}

/**
 * Takes the oldest queued run this runner may execute: its organization's, for its platform, and
 * asking only for labels the runner has; a run pinned to a runner (a chosen runner, a fan-out's
 * target) only by that runner, and a target held for its batch by nobody. FOR UPDATE SKIP LOCKED: a run another claimer is taking
 * is passed over, never waited for, so two runners never get the same run. One statement, with the
 * workflow's name: a look that finds nothing is a single round trip, and needs no transaction.
 */
export async function claimQueuedRun(
  db: Executor,
  runner: { id: string; organizationId: string; os: string; labels: string[] },
  now: Date,
  leaseMs: number,
) {
  const [claimed] = await claimStatement(db, "claim").execute({
    organizationId: runner.organizationId,
    platform: runner.os,
    labels: runner.labels,
    runnerId: runner.id,
    claimedAt: now.toISOString(),
    leaseExpiresAt: new Date(now.getTime() + leaseMs).toISOString(),
  });
  if (!claimed) return undefined;
  const { workflowName, ...run } = claimed;
  return { run, workflowName: workflowName ?? "" };
}

/** Every look of every runner's claim runs this statement: built once (db/prepared.ts). */
const claimStatement = preparedStatements((db, _shape: "claim") => {
  const candidate = db
    .select({ id: workflowRuns.id })
    .from(workflowRuns)
    .where(
      and(
        eq(workflowRuns.organizationId, sql.placeholder("organizationId")),
        eq(workflowRuns.status, "queued"),
        eq(workflowRuns.kind, "executed"),
        sql`${workflowRuns.platform} = ${sql.placeholder("platform")}`,
        sql`${workflowRuns.requiredLabels} <@ ${sql.placeholder("labels")}::text[]`,
        or(isNull(workflowRuns.targetRunnerId), eq(workflowRuns.targetRunnerId, sql.placeholder("runnerId"))),
        eq(workflowRuns.held, false),
      ),
    )
    .orderBy(asc(workflowRuns.startedAt), asc(workflowRuns.id))
    .limit(1)
    .for("update", { skipLocked: true });
  return (
    db
      .update(workflowRuns)
      .set({
        status: "running",
        runnerId: sql`${sql.placeholder("runnerId")}`,
        claimedAt: sql`${sql.placeholder("claimedAt")}::timestamptz`,
        leaseExpiresAt: sql`${sql.placeholder("leaseExpiresAt")}::timestamptz`,
      })
      // A scalar subquery: looked up once, so the run it locked is the one updated.
      .where(sql`${workflowRuns.id} = (${candidate})`)
      .returning({
        ...getTableColumns(workflowRuns),
        workflowName: sql<string>`(select ${workflows.name} from ${workflows} where ${workflows.id} = ${workflowRuns.workflowId})`,
      })
      .prepare("claim_queued_run")
  );
});

/**
 * A claim whose runner hung up before its answer went out: the run is queued again, as it was,
 * so another look takes it instead of its lease running out. Only while it is still that runner's
 * and running with no step reported (nobody ever had the job).
 */
export async function returnClaimedRun(db: Executor, runId: string, runnerId: string) {
  const [returned] = await db
    .update(workflowRuns)
    .set({ status: "queued", runnerId: null, claimedAt: null, leaseExpiresAt: null })
    .where(
      and(
        eq(workflowRuns.id, runId),
        eq(workflowRuns.runnerId, runnerId),
        eq(workflowRuns.status, "running"),
        sql`not exists (select 1 from ${workflowRunSteps} where ${workflowRunSteps.runId} = ${workflowRuns.id} and ${workflowRunSteps.status} <> 'pending')`,
      ),
    )
    .returning({ id: workflowRuns.id });
  return returned !== undefined;
}

/**
 * The last approval a run needed was given: an executed run is queued for a runner (with what
 * queueing it cost), a checklist is under way.
 */
export async function setRunReleased(db: Executor, runId: string, values: { creditsCharged: number }) {
  await db
    .update(workflowRuns)
    .set({
      // A fan-out is under way at once: its targets are queued (decision 080).
      status: sql`case when ${workflowRuns.kind} = 'executed' and ${workflowRuns.target}->>'mode' is distinct from 'all' then 'queued' else 'running' end`,
      creditsCharged: values.creditsCharged,
    })
    .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.status, "awaiting-approval")));
}

/** The run ends: its status, its finish, and no lease any more; a skipped one says why. */
export async function setRunEnded(db: Executor, runId: string, status: FinalStatus, at: Date, skipReason?: string) {
  await db
    .update(workflowRuns)
    .set({ status, finishedAt: at, leaseExpiresAt: null, ...(skipReason && { skipReason }) })
    .where(eq(workflowRuns.id, runId));
}

/** A person asked a running run to stop: its runner hears it on its next call. */
export async function setCancelRequested(db: Executor, runId: string, at: Date) {
  await db
    .update(workflowRuns)
    .set({ cancelRequestedAt: at })
    .where(and(eq(workflowRuns.id, runId), isNull(workflowRuns.cancelRequestedAt)));
}

/**
 * The runner called: its lease on the running run runs `leaseMs` from now. With `runnerId`, only
 * that runner's run; answers what the runner is told (undefined: not its running run).
 */
export async function renewLease(db: Executor, runId: string, now: Date, leaseMs: number, runnerId?: string) {
  const [row] = await db
    .update(workflowRuns)
    .set({ leaseExpiresAt: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(workflowRuns.id, runId),
        eq(workflowRuns.status, "running"),
        runnerId ? eq(workflowRuns.runnerId, runnerId) : undefined,
      ),
    )
    .returning({ status: workflowRuns.status, cancelRequestedAt: workflowRuns.cancelRequestedAt });
  return row;
}

/**
 * A log batch was stored: the next sequence, the bytes used and the lease, in one statement
 * (the run row is written once per batch).
 */
export async function recordLogBatch(
  db: Executor,
  runId: string,
  values: { nextLogSeq: number; logBytes: number; logTruncated: boolean; leaseExpiresAt: Date | null },
) {
  await db.update(workflowRuns).set(values).where(eq(workflowRuns.id, runId));
}

/** Pins or unpins a run of the organization (retention keeps a pinned one); undefined when it has no such run. */
export async function setRunPinned(db: Executor, keys: { organizationId: string; runId: string; pinned: boolean }) {
  const [row] = await db
    .update(workflowRuns)
    .set({ pinned: keys.pinned })
    .where(and(eq(workflowRuns.id, keys.runId), eq(workflowRuns.organizationId, keys.organizationId)))
    .returning({ id: workflowRuns.id, pinned: workflowRuns.pinned, workflowId: workflowRuns.workflowId });
  return row;
}

/** A runner's report about one step, applied only while the step is in one of the given states. */
export async function updateRunStep(
  db: Executor,
  runId: string,
  position: number,
  values: Partial<typeof workflowRunSteps.$inferInsert>,
  onlyWhileStatusIn: readonly RunStepStatus[],
) {
  const [row] = await db
    .update(workflowRunSteps)
    .set(values)
    .where(
      and(
        eq(workflowRunSteps.runId, runId),
        eq(workflowRunSteps.position, position),
        inArray(workflowRunSteps.status, [...onlyWhileStatusIn]),
      ),
    )
    .returning({ stepId: workflowRunSteps.stepId });
  return row;
}

/**
 * A step of this runner's running run starts, and the run's lease runs on, in one statement with
 * no transaction around it: the run's row is locked by its update, so a run ending at the same
 * time either waits for it or leaves the step pending. Undefined when the run is not this runner's
 * running run; else whether the step moved and whether a cancel was asked for.
 */
export async function startRunStep(
  db: Executor,
  options: { runId: string; runnerId: string; position: number; now: Date; leaseMs: number },
) {
  const { runId, runnerId, position, now, leaseMs } = options;
  const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
  // Both drivers (node-postgres and PGlite) answer with `rows`.
  const result = (await db.execute(sql`
    with run as (
      update ${workflowRuns} set lease_expires_at = ${leaseEnd}::timestamptz
      where id = ${runId} and runner_id = ${runnerId} and status = ${literal<RunStatus>("running")}
      returning id, cancel_requested_at
    ), step as (
      update ${workflowRunSteps} set status = ${literal<RunStepStatus>("running")}, started_at = ${now.toISOString()}::timestamptz
      where run_id = (select id from run) and position = ${position} and status = ${literal<RunStepStatus>("pending")}
      returning id
    )
    select (select cancel_requested_at is not null from run) as cancel_requested, exists (select 1 from step) as started
    where exists (select 1 from run)
  `)) as unknown as { rows: Array<{ cancel_requested: boolean; started: boolean }> };
  return result.rows[0];
}

/** Some of the run's step outputs were left out at the cap (decision 072). */
export async function markOutputsTruncated(db: Executor, runId: string) {
  await db.update(workflowRuns).set({ outputsTruncated: true }).where(eq(workflowRuns.id, runId));
}

/** Records a checklist step done (or undone); a step the run skipped stays skipped. */
export async function setRunStepDone(db: Executor, values: { runId: string; stepId: string; done: boolean; at: Date }) {
  await db
    .update(workflowRunSteps)
    .set(values.done ? { status: "succeeded", finishedAt: values.at } : { status: "pending", finishedAt: null })
    .where(
      and(
        eq(workflowRunSteps.runId, values.runId),
        eq(workflowRunSteps.stepId, values.stepId),
        inArray(workflowRunSteps.status, ["pending", "running", "succeeded"]),
      ),
    );
}

/** Steps still running when their run ends become `running`; steps still pending become `pending`. */
export async function endOpenSteps(
  db: Executor,
  runId: string,
  ends: { running: RunStepStatus; pending: RunStepStatus },
  at: Date,
) {
  await db
    .update(workflowRunSteps)
    .set({
      status: sql`case when ${workflowRunSteps.status} = 'running' then ${ends.running} else ${ends.pending} end`,
      finishedAt: at,
    })
    .where(and(eq(workflowRunSteps.runId, runId), inArray(workflowRunSteps.status, ["running", "pending"])));
}

export type NewLogChunk = Pick<typeof runLogChunks.$inferInsert, "position" | "stream" | "text" | "bytes">;

export async function insertLogChunks(db: Executor, runId: string, seq: number, chunks: readonly NewLogChunk[]) {
  if (chunks.length === 0) return [];
  return db
    .insert(runLogChunks)
    .values(chunks.map((chunk) => ({ ...chunk, runId, seq })))
    .returning({ id: runLogChunks.id });
}

// Reads.

/** The workflow's run under way (awaiting approval, queued or running), if any (a unique index allows one at most). */
export async function findActiveRun(db: Executor, workflowId: string) {
  const [row] = await db
    .select({ id: workflowRuns.id, kind: workflowRuns.kind, status: workflowRuns.status })
    .from(workflowRuns)
    .where(
      and(
        eq(workflowRuns.workflowId, workflowId),
        inArray(workflowRuns.status, [...ACTIVE_RUN_STATUSES]),
        isNull(workflowRuns.parentRunId),
      ),
    );
  return row;
}

/** The workflow's checklist run under way, if any: the one people tick (one awaiting approval is not yet). */
export async function findRunningChecklist(db: Executor, workflowId: string) {
  const run = await findActiveRun(db, workflowId);
  return run?.kind === "checklist" && run.status === "running" ? run : undefined;
}

/** A run claimed by this runner; another runner's, or another organization's, is not found. */
export async function findRunOfRunner(db: Executor, runId: string, runnerId: string, options: { lock?: boolean } = {}) {
  const [row] = await runOfRunnerStatement(db, options.lock ? "lock" : "read").execute({ runId, runnerId });
  return row;
}

/** Every report of a runner reads its run: built once per executor and shape (db/prepared.ts). */
const runOfRunnerStatement = preparedStatements((db, shape: "lock" | "read") => {
  const query = db
    .select()
    .from(workflowRuns)
    .where(and(eq(workflowRuns.id, sql.placeholder("runId")), eq(workflowRuns.runnerId, sql.placeholder("runnerId"))));
  return (shape === "lock" ? query.for("update") : query).prepare(`run_of_runner_${shape}`);
});

/** A run of the organization, locked for the rest of the transaction. */
export async function lockRun(db: Executor, organizationId: string, runId: string) {
  const [row] = await db
    .select()
    .from(workflowRuns)
    .where(and(eq(workflowRuns.organizationId, organizationId), eq(workflowRuns.id, runId)))
    .for("update");
  return row;
}

/** A run of the organization, read without a lock (to learn which workflow to lock first). */
export async function peekRun(db: Executor, organizationId: string, runId: string) {
  const [row] = await db
    .select()
    .from(workflowRuns)
    .where(and(eq(workflowRuns.organizationId, organizationId), eq(workflowRuns.id, runId)));
  return row;
}

/** One run of the organization with its steps, as the API shows it; undefined when it has no such run. */
export async function findRun(db: Executor, organizationId: string, runId: string) {
  const [run] = await db
    .select({
      ...runColumns,
      logTruncated: workflowRuns.logTruncated,
      requiredLabels: workflowRuns.requiredLabels,
      workflowName: workflows.name,
      // Run after (decision 073): the name of the workflow whose run started this one.
      triggeredByWorkflowName: sql<
        string | null
      >`(select w.name from ${workflowRuns} r join ${workflows} w on w.id = r.workflow_id where r.id = ${workflowRuns.triggeredByRunId})`,
      note: workflowRuns.note,
      approval: workflowRuns.approval,
      approvalExpiresAt: workflowRuns.approvalExpiresAt,
      requestedByTokenId: workflowRuns.requestedByTokenId,
      requestedByTokenName: workflowRuns.requestedByTokenName,
      target: workflowRuns.target,
      parentRunId: workflowRuns.parentRunId,
    })
    .from(workflowRuns)
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .leftJoin(user, eq(user.id, workflowRuns.startedBy))
    .leftJoin(runners, eq(runners.id, workflowRuns.runnerId))
    .where(and(eq(workflowRuns.organizationId, organizationId), eq(workflowRuns.id, runId)));
  if (!run) return undefined;
  return { run, steps: await listRunSteps(db, runId) };
}

export async function listRunSteps(db: Executor, runId: string) {
  return runStepsStatement(db, "steps").execute({ runId });
}

/** A claim reads its run's steps for the job: built once per executor (db/prepared.ts). */
const runStepsStatement = preparedStatements((db, _shape: "steps") =>
  db
    .select()
    .from(workflowRunSteps)
    .where(eq(workflowRunSteps.runId, sql.placeholder("runId")))
    .orderBy(asc(workflowRunSteps.position))
    .prepare("run_steps"),
);

/** The steps of the given runs, each run's in order. */
export async function listStepsOfRuns(db: Executor, runIds: readonly string[]) {
  if (runIds.length === 0) return [];
  return db
    .select()
    .from(workflowRunSteps)
    .where(inArray(workflowRunSteps.runId, [...runIds]))
    .orderBy(asc(workflowRunSteps.runId), asc(workflowRunSteps.position));
}

/** A workflow's latest runs, newest first, each with its steps (the workflow's page shows a few). */
export async function listRecentRuns(db: Executor, organizationId: string, workflowId: string, limit: number) {
  const runs = await db
    .select(runColumns)
    .from(workflowRuns)
    .leftJoin(user, eq(user.id, workflowRuns.startedBy))
    .leftJoin(runners, eq(runners.id, workflowRuns.runnerId))
    .where(
      and(
        eq(workflowRuns.organizationId, organizationId),
        eq(workflowRuns.workflowId, workflowId),
        isNull(workflowRuns.parentRunId),
      ),
    )
    .orderBy(desc(workflowRuns.startedAt), desc(workflowRuns.id))
    .limit(limit);
  const steps = await listStepsOfRuns(
    db,
    runs.map((run) => run.id),
  );
  return runs.map((run) => ({ run, steps: steps.filter((step) => step.runId === run.id) }));
}

/** The latest run of each of the given workflows. */
export async function latestRuns(db: Executor, workflowIds: readonly string[]): Promise<RunRow[]> {
  if (workflowIds.length === 0) return [];
  // One index probe per workflow (workflow_runs_history_idx); DISTINCT ON read every run of each.
  const ids = sql.join(
    workflowIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const latestIds = sql`(select l.id from unnest(array[${ids}]::text[]) w(id) cross join lateral (
    select r.id from ${workflowRuns} r where r.workflow_id = w.id and r.parent_run_id is null
    order by r.started_at desc, r.id desc limit 1) l)`;
  return db
    .select(runColumns)
    .from(workflowRuns)
    .leftJoin(user, eq(user.id, workflowRuns.startedBy))
    .leftJoin(runners, eq(runners.id, workflowRuns.runnerId))
    .where(sql`${workflowRuns.id} in ${latestIds}`);
}

/** The run's output after chunk `after`, in order. */
export async function listLogChunks(db: Executor, runId: string, after: number, limit: number, until?: number) {
  return db
    .select({
      id: runLogChunks.id,
      position: runLogChunks.position,
      stream: runLogChunks.stream,
      text: runLogChunks.text,
    })
    .from(runLogChunks)
    .where(
      and(
        eq(runLogChunks.runId, runId),
        gt(runLogChunks.id, after),
        until === undefined ? undefined : lte(runLogChunks.id, until),
      ),
    )
    .orderBy(asc(runLogChunks.id))
    .limit(limit);
}

/**
 * The last chunk before the run's output tail: the tail is its last chunks whose bytes together
 * stay within `bytes`, and at least the very last one. Null when the whole output is the tail.
 */
export async function findLastChunkBeforeTail(db: Executor, runId: string, bytes: number): Promise<number | null> {
  const fromEnd = db
    .select({
      id: runLogChunks.id,
      rank: sql<number>`row_number() over (order by ${runLogChunks.id} desc)`.as("rank"),
      bytesFromEnd: sql<number>`sum(${runLogChunks.bytes}) over (order by ${runLogChunks.id} desc)`.as(
        "bytes_from_end",
      ),
    })
    .from(runLogChunks)
    .where(eq(runLogChunks.runId, runId))
    .as("from_end");
  const [row] = await db
    .select({ id: fromEnd.id })
    .from(fromEnd)
    .where(and(gt(fromEnd.bytesFromEnd, bytes), gt(fromEnd.rank, 1)))
    .orderBy(desc(fromEnd.id))
    .limit(1);
  return row?.id ?? null;
}

/** The bytes of each step's output up to a chunk. */
export async function sumLogBytesByStep(db: Executor, runId: string, until: number) {
  return db
    .select({ position: runLogChunks.position, bytes: sql<number>`sum(${runLogChunks.bytes})`.mapWith(Number) })
    .from(runLogChunks)
    .where(and(eq(runLogChunks.runId, runId), lte(runLogChunks.id, until)))
    .groupBy(runLogChunks.position)
    .orderBy(asc(runLogChunks.position));
}

/** Runs awaiting approval whose request has expired (decision 067). */
export async function expiredApprovals(db: Executor, now: Date, limit: number) {
  return db
    .select({ id: workflowRuns.id, organizationId: workflowRuns.organizationId, workflowId: workflowRuns.workflowId })
    .from(workflowRuns)
    .where(and(eq(workflowRuns.status, "awaiting-approval"), lt(workflowRuns.approvalExpiresAt, now)))
    .limit(limit);
}

/** Running runs whose runner has not called in time. */
export async function expiredLeases(db: Executor, now: Date, limit: number) {
  return db
    .select({ id: workflowRuns.id, organizationId: workflowRuns.organizationId, workflowId: workflowRuns.workflowId })
    .from(workflowRuns)
    .where(
      and(eq(workflowRuns.status, "running"), eq(workflowRuns.kind, "executed"), lt(workflowRuns.leaseExpiresAt, now)),
    )
    .limit(limit);
}

/** Running runs past their timeout by more than `graceMs` (the runner should have stopped them). */
export async function overdueRuns(db: Executor, now: Date, graceMs: number, limit: number) {
  return db
    .select({ id: workflowRuns.id, organizationId: workflowRuns.organizationId, workflowId: workflowRuns.workflowId })
    .from(workflowRuns)
    .where(
      and(
        eq(workflowRuns.status, "running"),
        eq(workflowRuns.kind, "executed"),
        sql`${workflowRuns.claimedAt} + make_interval(secs => ${workflowRuns.timeoutSeconds}) < ${new Date(now.getTime() - graceMs)}`,
      ),
    )
    .limit(limit);
}

/** The runs a runner is executing (revoking it loses them), and the queued ones only it may take. */
export async function runsHeldBy(db: Executor, runnerId: string) {
  return db
    .select({
      id: workflowRuns.id,
      organizationId: workflowRuns.organizationId,
      workflowId: workflowRuns.workflowId,
      status: workflowRuns.status,
    })
    .from(workflowRuns)
    .where(
      or(
        and(eq(workflowRuns.runnerId, runnerId), eq(workflowRuns.status, "running")),
        and(eq(workflowRuns.targetRunnerId, runnerId), eq(workflowRuns.status, "queued")),
      ),
    );
}

/** Queued targets whose runner did not come online in time (decision 080). */
export async function targetsPastDeadline(db: Executor, now: Date, limit: number) {
  return db
    .select({
      id: workflowRuns.id,
      organizationId: workflowRuns.organizationId,
      workflowId: workflowRuns.workflowId,
      waitedMinutes: sql<number>`round(extract(epoch from ${workflowRuns.claimDeadline} - ${workflowRuns.startedAt}) / 60)::int`,
    })
    .from(workflowRuns)
    .where(and(eq(workflowRuns.status, "queued"), lt(workflowRuns.claimDeadline, now)))
    .limit(limit);
}

/**
 * A fan-out's targets in the order the matrix shows them (runner name), each with its runner's
 * name and the exit code that tells its story: the first failing step's, else the last step's that ran.
 */
export async function listTargets(db: Executor, parentRunId: string) {
  return db
    .select({
      id: workflowRuns.id,
      runnerId: workflowRuns.targetRunnerId,
      runnerName: sql<string>`coalesce(${runners.name}, '')`,
      platform: workflowRuns.platform,
      status: workflowRuns.status,
      skipReason: workflowRuns.skipReason,
      claimedAt: workflowRuns.claimedAt,
      finishedAt: workflowRuns.finishedAt,
      cancelRequestedAt: workflowRuns.cancelRequestedAt,
      held: workflowRuns.held,
      creditsCharged: workflowRuns.creditsCharged,
      exitCode: sql<number | null>`(select s.exit_code from ${workflowRunSteps} s where s.run_id = ${workflowRuns.id}
        and s.exit_code is not null
        order by (s.status = 'failed') desc, case when s.status = 'failed' then s.position else -s.position end limit 1)`,
    })
    .from(workflowRuns)
    .leftJoin(runners, eq(runners.id, workflowRuns.targetRunnerId))
    .where(eq(workflowRuns.parentRunId, parentRunId))
    .orderBy(asc(runners.name), asc(workflowRuns.id));
}

/** The organization's runners that are not revoked (only `runnerId`, if given): where a run can go. */
export async function listRunnerPresence(db: Executor, organizationId: string, runnerId?: string | null) {
  return db
    .select({
      id: runners.id,
      name: runners.name,
      os: runners.os,
      labels: runners.labels,
      declaredLabels: runners.declaredLabels,
      lastSeenAt: runners.lastSeenAt,
    })
    .from(runners)
    .where(
      and(
        eq(runners.organizationId, organizationId),
        isNull(runners.revokedAt),
        runnerId === undefined ? undefined : eq(runners.id, runnerId ?? ""),
      ),
    );
}

const COMMAND_COLUMN = {
  windows: tasks.commandWindows,
  linux: tasks.commandLinux,
  mac: tasks.commandMac,
} as const;

/** The command lines of the organization's commands among `ids`, per platform. */
export async function listCommandLines(db: Executor, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: tasks.id, windows: COMMAND_COLUMN.windows, linux: COMMAND_COLUMN.linux, mac: COMMAND_COLUMN.mac })
    .from(tasks)
    .where(and(eq(tasks.organizationId, organizationId), inArray(tasks.id, [...ids])));
}

/** What the organization charges per run (0: nothing). */
export async function creditsPerRun(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ creditsPerRun: organizations.creditsPerRun })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.creditsPerRun ?? 0;
}
