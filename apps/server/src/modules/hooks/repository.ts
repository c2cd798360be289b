import { HOOK_CALLS_KEPT, HOOK_DELIVERY_MEMORY_HOURS } from "@flowdeck/shared/hooks/schemas";
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { user, workflowHookCalls, workflowHooks } from "../../db/schema/index.ts";

/** The one reader and writer of `workflow_hooks` and `workflow_hook_calls`. No query returns a secret to a list. */

export type HookRecord = typeof workflowHooks.$inferSelect;

const listed = {
  id: workflowHooks.id,
  workflowId: workflowHooks.workflowId,
  name: workflowHooks.name,
  signature: workflowHooks.signature,
  parameters: workflowHooks.parameters,
  createdAt: workflowHooks.createdAt,
  createdBy: sql<string | null>`coalesce(nullif(${user.name}, ''), ${user.email})`,
  rotatedAt: workflowHooks.rotatedAt,
  revokedAt: workflowHooks.revokedAt,
};

/** A workflow's webhooks, oldest first, without their secrets. */
export async function listHookRows(db: Executor, keys: { organizationId: string; workflowId: string }) {
  return db
    .select(listed)
    .from(workflowHooks)
    .leftJoin(user, eq(user.id, workflowHooks.createdBy))
    .where(and(eq(workflowHooks.organizationId, keys.organizationId), eq(workflowHooks.workflowId, keys.workflowId)))
    .orderBy(asc(workflowHooks.createdAt), asc(workflowHooks.id));
}

export type HookRow = Awaited<ReturnType<typeof listHookRows>>[number];

/** The newest HOOK_CALLS_KEPT calls of each of `hookIds`, newest first. */
export async function listCalls(db: Executor, hookIds: readonly string[]) {
  if (hookIds.length === 0) return [];
  const ranked = db
    .select({
      hookId: workflowHookCalls.hookId,
      at: workflowHookCalls.at,
      status: workflowHookCalls.status,
      runId: workflowHookCalls.runId,
      id: workflowHookCalls.id,
      rank: sql<number>`row_number() over (partition by ${workflowHookCalls.hookId} order by ${workflowHookCalls.id} desc)`.as(
        "rank",
      ),
    })
    .from(workflowHookCalls)
    .where(inArray(workflowHookCalls.hookId, [...hookIds]))
    .as("ranked");
  return db
    .select({ hookId: ranked.hookId, at: ranked.at, status: ranked.status, runId: ranked.runId })
    .from(ranked)
    .where(lte(ranked.rank, HOOK_CALLS_KEPT))
    .orderBy(desc(ranked.id));
}

export async function countActiveHooks(db: Executor, workflowId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(workflowHooks)
    .where(and(eq(workflowHooks.workflowId, workflowId), isNull(workflowHooks.revokedAt)));
  return row?.value ?? 0;
}

export async function insertHook(db: Executor, values: typeof workflowHooks.$inferInsert) {
  await db.insert(workflowHooks).values(values);
}

/** The hook of this workflow, locked until the transaction ends (a rotation or a revocation). */
export async function lockHook(db: Executor, keys: { organizationId: string; workflowId: string; hookId: string }) {
  const [row] = await db
    .select({
      id: workflowHooks.id,
      name: workflowHooks.name,
      signature: workflowHooks.signature,
      revokedAt: workflowHooks.revokedAt,
    })
    .from(workflowHooks)
    .where(
      and(
        eq(workflowHooks.id, keys.hookId),
        eq(workflowHooks.organizationId, keys.organizationId),
        eq(workflowHooks.workflowId, keys.workflowId),
      ),
    )
    .for("update");
  return row;
}

export async function updateHook(db: Executor, hookId: string, values: Partial<typeof workflowHooks.$inferInsert>) {
  await db.update(workflowHooks).set(values).where(eq(workflowHooks.id, hookId));
}

/** The hook a call names, with what checking the call needs; undefined for an unknown id. */
export async function findHookForCall(db: Executor, hookId: string): Promise<HookRecord | undefined> {
  const [row] = await db.select().from(workflowHooks).where(eq(workflowHooks.id, hookId));
  return row;
}

/** The run a delivery started, when this hook accepted that delivery id before. */
export async function findDelivery(db: Executor, hookId: string, deliveryId: string) {
  const [row] = await db
    .select({ runId: workflowHookCalls.runId })
    .from(workflowHookCalls)
    .where(and(eq(workflowHookCalls.hookId, hookId), eq(workflowHookCalls.deliveryId, deliveryId)));
  return row;
}

/**
 * Records a call. With a delivery id, the row claims it: undefined when another call holds it (a
 * concurrent repeat waits on the unique index until the first commits, then finds it taken).
 */
export async function insertCall(
  db: Executor,
  values: { hookId: string; at: Date; status: number; runId?: string | null; deliveryId?: string | null },
) {
  const [row] = await db
    .insert(workflowHookCalls)
    .values(values)
    .onConflictDoNothing({ target: [workflowHookCalls.hookId, workflowHookCalls.deliveryId] })
    .returning({ id: workflowHookCalls.id });
  return row;
}

export async function setCallRun(db: Executor, callId: number, runId: string) {
  await db.update(workflowHookCalls).set({ runId }).where(eq(workflowHookCalls.id, callId));
}

/** Keeps the newest HOOK_CALLS_KEPT calls, and older ones whose delivery id is still remembered. */
export async function pruneCalls(db: Executor, hookId: string, now: Date) {
  await db.execute(sql`
    delete from ${workflowHookCalls}
    where ${workflowHookCalls.hookId} = ${hookId}
      and ${workflowHookCalls.id} < coalesce((
        select c.id from ${workflowHookCalls} c where c.hook_id = ${hookId}
        order by c.id desc offset ${HOOK_CALLS_KEPT - 1} limit 1), 0)
      and (${workflowHookCalls.deliveryId} is null
        or ${workflowHookCalls.at} < ${new Date(now.getTime() - HOOK_DELIVERY_MEMORY_HOURS * 3_600_000).toISOString()}::timestamptz)`);
}
