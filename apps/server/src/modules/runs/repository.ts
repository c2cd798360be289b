import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { runLogChunks, workflowRunSteps, workflowRuns, workflows } from "../../db/schema/index.ts";

export type ExecutedRunRow = typeof workflowRuns.$inferSelect;
type Claimer = { id: string; organizationId: string; os: string; labels: string[] };

/**
 * Claims the oldest queued run this runner may execute: its organization's, for its platform, and
 * asking only for labels the runner has. FOR UPDATE SKIP LOCKED: a run another claimer is taking
 * is passed over, never waited for, so two runners never get the same run.
 */
export async function claimQueuedRun(tx: Executor, runner: Claimer, now: Date, leaseMs: number) {
  const [candidate] = await tx
    .select({ id: workflowRuns.id })
    .from(workflowRuns)
    .where(
      and(
        eq(workflowRuns.organizationId, runner.organizationId),
        eq(workflowRuns.status, "queued"),
        eq(workflowRuns.kind, "executed"),
        eq(workflowRuns.platform, runner.os as "linux"),
        sql`${workflowRuns.requiredLabels} <@ ${sql.param(runner.labels)}::text[]`,
      ),
    )
    .orderBy(asc(workflowRuns.startedAt), asc(workflowRuns.id))
    .limit(1)
    .for("update", { skipLocked: true });
  if (!candidate) return undefined;
  const [run] = await tx
    .update(workflowRuns)
    .set({ status: "running", runnerId: runner.id, claimedAt: now, leaseExpiresAt: new Date(now.getTime() + leaseMs) })
    .where(eq(workflowRuns.id, candidate.id))
    .returning();
  return run;
}

export async function findWorkflowName(db: Executor, workflowId: string) {
  const [row] = await db.select({ name: workflows.name }).from(workflows).where(eq(workflows.id, workflowId));
  return row?.name ?? "";
}

/** A run claimed by this runner; another runner's, or another organization's, is not found. */
export async function findRunOfRunner(db: Executor, runId: string, runnerId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(workflowRuns)
    .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.runnerId, runnerId)));
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

/** A run of the organization, locked for the rest of the transaction. */
export async function lockRun(db: Executor, organizationId: string, runId: string) {
  const [row] = await db
    .select()
    .from(workflowRuns)
    .where(and(eq(workflowRuns.organizationId, organizationId), eq(workflowRuns.id, runId)))
    .for("update");
  return row;
}

/** The runner called: its lease on the running run runs `leaseMs` from now. */
export async function renewLease(db: Executor, runId: string, now: Date, leaseMs: number) {
  await db
    .update(workflowRuns)
    .set({ leaseExpiresAt: new Date(now.getTime() + leaseMs) })
    .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.status, "running")));
}

export async function updateRun(db: Executor, runId: string, values: Partial<ExecutedRunRow>) {
  await db.update(workflowRuns).set(values).where(eq(workflowRuns.id, runId));
}

export async function listRunSteps(db: Executor, runId: string) {
  return db
    .select()
    .from(workflowRunSteps)
    .where(eq(workflowRunSteps.runId, runId))
    .orderBy(asc(workflowRunSteps.position));
}

export async function updateRunStep(
  db: Executor,
  runId: string,
  position: number,
  values: Partial<typeof workflowRunSteps.$inferInsert>,
  onlyWhileStatusIn: readonly (typeof workflowRunSteps.$inferSelect)["status"][],
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

/** Steps still pending or running when their run ends. */
export async function endOpenSteps(
  db: Executor,
  runId: string,
  statuses: { running: (typeof workflowRunSteps.$inferSelect)["status"] },
  at: Date,
) {
  await db
    .update(workflowRunSteps)
    .set({ status: statuses.running, finishedAt: at })
    .where(and(eq(workflowRunSteps.runId, runId), eq(workflowRunSteps.status, "running")));
  await db
    .update(workflowRunSteps)
    .set({ status: "skipped", finishedAt: at })
    .where(and(eq(workflowRunSteps.runId, runId), eq(workflowRunSteps.status, "pending")));
}

export type NewLogChunk = Pick<typeof runLogChunks.$inferInsert, "position" | "stream" | "text" | "bytes">;

export async function insertLogChunks(db: Executor, runId: string, seq: number, chunks: readonly NewLogChunk[]) {
  if (chunks.length === 0) return;
  await db.insert(runLogChunks).values(chunks.map((chunk) => ({ ...chunk, runId, seq })));
}

/** The run's output after chunk `after`, in order. */
export async function listLogChunks(db: Executor, runId: string, after: number, limit: number) {
  return db
    .select({
      id: runLogChunks.id,
      position: runLogChunks.position,
      stream: runLogChunks.stream,
      text: runLogChunks.text,
    })
    .from(runLogChunks)
    .where(and(eq(runLogChunks.runId, runId), gt(runLogChunks.id, after)))
    .orderBy(asc(runLogChunks.id))
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

/** The runs a runner is executing (revoking it loses them). */
export async function runningRunsOf(db: Executor, runnerId: string) {
  return db
    .select({ id: workflowRuns.id, organizationId: workflowRuns.organizationId, workflowId: workflowRuns.workflowId })
    .from(workflowRuns)
    .where(and(eq(workflowRuns.runnerId, runnerId), eq(workflowRuns.status, "running")));
}

/** A run of the organization, read without a lock (to learn which workflow to lock first). */
export async function peekRun(db: Executor, organizationId: string, runId: string) {
  const [row] = await db
    .select()
    .from(workflowRuns)
    .where(and(eq(workflowRuns.organizationId, organizationId), eq(workflowRuns.id, runId)));
  return row;
}
