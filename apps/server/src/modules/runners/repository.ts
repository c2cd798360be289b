import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { preparedStatements } from "../../db/prepared.ts";
import { organizations, runnerRegistrationTokens, runners, workflowRuns, workflows } from "../../db/schema/index.ts";

export type RunnerRow = typeof runners.$inferSelect;

export async function insertRegistrationToken(
  db: Executor,
  values: { organizationId: string; tokenHash: string; createdBy: string; expiresAt: Date },
) {
  await db.insert(runnerRegistrationTokens).values(values);
}

/**
 * Spends a registration token: only an unused one that has not expired, and only once even when
 * two registrations race (the update is the check). Returns its organization.
 */
export async function spendRegistrationToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(runnerRegistrationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(runnerRegistrationTokens.tokenHash, tokenHash),
        isNull(runnerRegistrationTokens.usedAt),
        gt(runnerRegistrationTokens.expiresAt, now),
      ),
    )
    .returning({
      organizationId: runnerRegistrationTokens.organizationId,
      createdBy: runnerRegistrationTokens.createdBy,
    });
  return row;
}

export async function insertRunner(db: Executor, values: typeof runners.$inferInsert) {
  const [row] = await db.insert(runners).values(values).returning();
  if (!row) throw new Error("insert returned no runner");
  return row;
}

/** Every call of a runner looks its secret up: built once (db/prepared.ts). */
const runnerBySecret = preparedStatements((db, _shape: "by-secret") =>
  db
    .select()
    .from(runners)
    .where(eq(runners.secretHash, sql.placeholder("secretHash")))
    .prepare("runner_by_secret"),
);

/** The runner a secret belongs to; revoked ones too (the caller decides). */
export async function findRunnerBySecret(db: Executor, secretHash: string) {
  const [row] = await runnerBySecret(db, "by-secret").execute({ secretHash });
  return row;
}

/** The organization a registration token that can still be spent belongs to. */
export async function findUsableRegistrationToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ organizationId: runnerRegistrationTokens.organizationId })
    .from(runnerRegistrationTokens)
    .where(
      and(
        eq(runnerRegistrationTokens.tokenHash, tokenHash),
        isNull(runnerRegistrationTokens.usedAt),
        gt(runnerRegistrationTokens.expiresAt, now),
      ),
    );
  return row;
}

export async function organizationName(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? "";
}

/** Every call is contact: the runner shows online. Written at most once a second per runner. */
export const TOUCH_EVERY_MS = 1000;
export async function touchRunner(db: Executor, runnerId: string, now: Date) {
  await db
    .update(runners)
    .set({ lastSeenAt: now })
    .where(and(eq(runners.id, runnerId), sql`${runners.lastSeenAt} < ${new Date(now.getTime() - TOUCH_EVERY_MS)}`));
}

export async function listRunners(db: Executor, organizationId: string) {
  return db
    .select()
    .from(runners)
    .where(eq(runners.organizationId, organizationId))
    .orderBy(sql`${runners.revokedAt} is not null`, asc(runners.name), asc(runners.id));
}

export async function findRunner(db: Executor, organizationId: string, runnerId: string) {
  const [row] = await db
    .select()
    .from(runners)
    .where(and(eq(runners.organizationId, organizationId), eq(runners.id, runnerId)));
  return row;
}

export async function updateRunner(
  db: Executor,
  runnerId: string,
  values: Partial<Pick<RunnerRow, "name" | "labels" | "revokedAt">>,
) {
  const [row] = await db.update(runners).set(values).where(eq(runners.id, runnerId)).returning();
  return row;
}

/** The runs the given runners are executing, with their workflow's name. */
export async function currentRuns(db: Executor, runnerIds: readonly string[]) {
  if (runnerIds.length === 0) return [];
  return db
    .select({
      id: workflowRuns.id,
      runnerId: workflowRuns.runnerId,
      workflowId: workflowRuns.workflowId,
      workflowName: workflows.name,
      status: workflowRuns.status,
    })
    .from(workflowRuns)
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .where(and(inArray(workflowRuns.runnerId, [...runnerIds]), eq(workflowRuns.status, "running")));
}
