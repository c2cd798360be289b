import type { PageQuery } from "@flowdeck/shared";
import {
  ACTIVE_RUN_STATUSES,
  type RunStatus,
  type RunStepStatus,
  type RunKind,
  type RunTrigger,
} from "@flowdeck/shared/workflows/constants";
import type { RunnerPlatform } from "@flowdeck/shared/runners/protocol";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { runners, user, workflowRunSteps, workflowRuns } from "../../db/schema/index.ts";

export const runColumns = {
  id: workflowRuns.id,
  workflowId: workflowRuns.workflowId,
  trigger: workflowRuns.trigger,
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
};

export type RunRow = {
  id: string;
  workflowId: string;
  trigger: RunTrigger;
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
};

export type RunStepRow = typeof workflowRunSteps.$inferSelect;

export async function insertRun(
  db: Executor,
  values: {
    workflowId: string;
    organizationId: string;
    trigger: RunTrigger;
    startedBy: string | null;
    at: Date;
    /** An executed run waits queued for a runner; without it, a checklist is under way at once. */
    execution?: Pick<
      typeof workflowRuns.$inferInsert,
      "platform" | "requiredLabels" | "timeoutSeconds" | "creditsCharged"
    > | null;
  },
) {
  const [row] = await db
    .insert(workflowRuns)
    .values({
      workflowId: values.workflowId,
      organizationId: values.organizationId,
      trigger: values.trigger,
      startedBy: values.startedBy,
      status: values.execution ? "queued" : "running",
      kind: values.execution ? "executed" : "checklist",
      ...values.execution,
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
  }[],
) {
  if (steps.length === 0) return;
  await db.insert(workflowRunSteps).values(steps.map((step) => ({ ...step, runId })));
}

/** The workflow's run under way (queued or running), if any (a unique index allows one at most). */
export async function findActiveRun(db: Executor, workflowId: string) {
  const [row] = await db
    .select({ id: workflowRuns.id, kind: workflowRuns.kind, status: workflowRuns.status })
    .from(workflowRuns)
    .where(and(eq(workflowRuns.workflowId, workflowId), inArray(workflowRuns.status, [...ACTIVE_RUN_STATUSES])));
  return row;
}

/** The workflow's checklist run under way, if any: the one people tick. */
export async function findRunningChecklist(db: Executor, workflowId: string) {
  const run = await findActiveRun(db, workflowId);
  return run?.kind === "checklist" ? run : undefined;
}

/**
 * Ends a run. Its steps still pending end with it: succeeded with a succeeded run (every step was
 * done), skipped otherwise.
 */
export async function finishRun(
  db: Executor,
  runId: string,
  status: Exclude<RunStatus, "running" | "queued">,
  at: Date,
) {
  await db.update(workflowRuns).set({ status, finishedAt: at, leaseExpiresAt: null }).where(eq(workflowRuns.id, runId));
  await db
    .update(workflowRunSteps)
    .set({ status: status === "succeeded" ? "succeeded" : "skipped", finishedAt: at })
    .where(and(eq(workflowRunSteps.runId, runId), inArray(workflowRunSteps.status, ["pending", "running"])));
}

/** Records a step done (or undone) in the run under way; a step the run skipped stays skipped. */
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

/** The latest run of each of the given workflows. */
export async function latestRuns(db: Executor, workflowIds: readonly string[]): Promise<RunRow[]> {
  if (workflowIds.length === 0) return [];
  // One index probe per workflow (workflow_runs_history_idx); DISTINCT ON read every run of each.
  const ids = sql.join(
    workflowIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const latestIds = sql`(select l.id from unnest(array[${ids}]::text[]) w(id) cross join lateral (
    select r.id from ${workflowRuns} r where r.workflow_id = w.id
    order by r.started_at desc, r.id desc limit 1) l)`;
  return db
    .select(runColumns)
    .from(workflowRuns)
    .leftJoin(user, eq(user.id, workflowRuns.startedBy))
    .leftJoin(runners, eq(runners.id, workflowRuns.runnerId))
    .where(sql`${workflowRuns.id} in ${latestIds}`);
}

/** One page of a workflow's runs, newest first, each with its steps. */
export async function listRuns(db: Executor, organizationId: string, workflowId: string, page: PageQuery) {
  const where = and(eq(workflowRuns.organizationId, organizationId), eq(workflowRuns.workflowId, workflowId));
  const [runs, [total]] = await Promise.all([
    db
      .select(runColumns)
      .from(workflowRuns)
      .leftJoin(user, eq(user.id, workflowRuns.startedBy))
      .leftJoin(runners, eq(runners.id, workflowRuns.runnerId))
      .where(where)
      .orderBy(desc(workflowRuns.startedAt), desc(workflowRuns.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(workflowRuns).where(where),
  ]);
  const steps =
    runs.length === 0
      ? []
      : await db
          .select()
          .from(workflowRunSteps)
          .where(
            inArray(
              workflowRunSteps.runId,
              runs.map((run) => run.id),
            ),
          )
          .orderBy(asc(workflowRunSteps.runId), asc(workflowRunSteps.position));
  return { runs, steps, total: total?.value ?? 0 };
}

/** One run of the organization with its steps; undefined when it has no such run. */
export async function findRun(db: Executor, organizationId: string, runId: string) {
  const [run] = await db
    .select(runColumns)
    .from(workflowRuns)
    .leftJoin(user, eq(user.id, workflowRuns.startedBy))
    .leftJoin(runners, eq(runners.id, workflowRuns.runnerId))
    .where(and(eq(workflowRuns.organizationId, organizationId), eq(workflowRuns.id, runId)));
  if (!run) return undefined;
  const steps = await db
    .select()
    .from(workflowRunSteps)
    .where(eq(workflowRunSteps.runId, runId))
    .orderBy(asc(workflowRunSteps.position));
  return { run, steps };
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
