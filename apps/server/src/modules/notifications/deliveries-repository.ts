import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import {
  notificationAttempts,
  notificationDeliveries,
  notificationRules,
  organizations,
  user,
  workflowRuns,
  workflows,
} from "../../db/schema/index.ts";

/**
 * Takes up to `limit` deliveries that are due, for this instance (FOR UPDATE SKIP LOCKED: another
 * instance passes over them), and pushes their next attempt past `leaseUntil` before the caller
 * commits, so the claim outlives the short transaction: the sending happens outside it, and a
 * crashed instance's deliveries become due again when the lease ends.
 *
 * Organizations take turns: each one's due deliveries are ranked oldest first, the batch takes
 * every organization's first before anyone's second, and at most `perOrganization` of each, so
 * one organization's backlog (or hanging endpoint) never holds another's delivery back a pass.
 */
export async function claimDueDeliveries(
  tx: Executor,
  options: { now: Date; leaseUntil: Date; limit: number; perOrganization: number },
) {
  const ranked = tx
    .select({
      id: notificationDeliveries.id,
      turn: sql<number>`row_number() over (partition by ${notificationDeliveries.organizationId} order by ${notificationDeliveries.nextAttemptAt}, ${notificationDeliveries.id})`.as(
        "turn",
      ),
      nextAttemptAt: notificationDeliveries.nextAttemptAt,
    })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.status, "pending"), lte(notificationDeliveries.nextAttemptAt, options.now)))
    .as("ranked");

  const rows = await tx
    .select({
      id: notificationDeliveries.id,
      organizationId: notificationDeliveries.organizationId,
      event: notificationDeliveries.event,
      channel: notificationDeliveries.channel,
      url: notificationDeliveries.url,
      payload: notificationDeliveries.payload,
      attemptCount: notificationDeliveries.attemptCount,
      createdAt: notificationDeliveries.createdAt,
      secret: notificationRules.webhookSecret,
      email: user.email,
      organizationName: organizations.name,
    })
    .from(notificationDeliveries)
    .innerJoin(ranked, eq(ranked.id, notificationDeliveries.id))
    .innerJoin(organizations, eq(organizations.id, notificationDeliveries.organizationId))
    .leftJoin(notificationRules, eq(notificationRules.id, notificationDeliveries.ruleId))
    .leftJoin(user, eq(user.id, notificationDeliveries.userId))
    .where(
      and(
        lte(ranked.turn, options.perOrganization),
        // Again on the row itself, which PostgreSQL checks anew once it holds the lock: another
        // instance may have claimed the row (and committed) since the ranking was read.
        eq(notificationDeliveries.status, "pending"),
        lte(notificationDeliveries.nextAttemptAt, options.now),
      ),
    )
    .orderBy(asc(ranked.turn), asc(ranked.nextAttemptAt))
    .limit(options.limit)
    .for("update", { of: notificationDeliveries, skipLocked: true });
  if (rows.length > 0) {
    await tx
      .update(notificationDeliveries)
      .set({ nextAttemptAt: options.leaseUntil, attemptCount: sql`${notificationDeliveries.attemptCount} + 1` })
      .where(
        inArray(
          notificationDeliveries.id,
          rows.map((row) => row.id),
        ),
      );
  }
  return rows.map((row) => ({ ...row, attemptCount: row.attemptCount + 1 }));
}
export type ClaimedDelivery = Awaited<ReturnType<typeof claimDueDeliveries>>[number];

/** Logs one attempt and sets what comes next: delivered, another try at `retryAt`, or failed. */
export async function recordAttempt(
  tx: Executor,
  options: {
    deliveryId: string;
    at: Date;
    ok: boolean;
    responseStatus: number | null;
    error: string | null;
    durationMs: number;
    outbox: boolean;
    retryAt: Date | null;
  },
) {
  await tx.insert(notificationAttempts).values({
    deliveryId: options.deliveryId,
    at: options.at,
    ok: options.ok,
    responseStatus: options.responseStatus,
    error: options.error,
    durationMs: options.durationMs,
    outbox: options.outbox,
  });
  const next = options.ok
    ? { status: "delivered" as const, finishedAt: options.at }
    : options.retryAt
      ? { status: "pending" as const, nextAttemptAt: options.retryAt }
      : { status: "failed" as const, finishedAt: options.at };
  await tx.update(notificationDeliveries).set(next).where(eq(notificationDeliveries.id, options.deliveryId));
}

/**
 * Runs queued longer than `minutes` that no runner took, which a rule asking for "run.still-queued"
 * has not told about yet, across every organization (the told key is `still-queued:<run>|<rule>`).
 */
export async function findStillQueuedRuns(db: Executor, now: Date, minutes: number, limit: number) {
  return db
    .select({ rule: notificationRules, run: workflowRuns, workflowName: workflows.name })
    .from(notificationRules)
    .innerJoin(
      workflowRuns,
      and(
        eq(workflowRuns.organizationId, notificationRules.organizationId),
        eq(workflowRuns.status, "queued"),
        isNull(workflowRuns.parentRunId),
        sql`${workflowRuns.startedAt} <= ${new Date(now.getTime() - minutes * 60_000).toISOString()}::timestamptz`,
      ),
    )
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .where(
      and(
        eq(notificationRules.enabled, true),
        sql`'run.still-queued' = any(${notificationRules.events})`,
        sql`not exists (select 1 from notifications_told t where t.key = 'still-queued:' || ${workflowRuns.id} || '|' || ${notificationRules.id})`,
      ),
    )
    .limit(limit);
}

/**
 * Runs still going past a rule's minutes that the rule has not told about yet, across every
 * organization (the told table's key is `long-running:<run>|<rule>`).
 */
export async function findLongRunningRuns(db: Executor, now: Date, limit: number) {
  return db
    .select({ rule: notificationRules, run: workflowRuns, workflowName: workflows.name })
    .from(notificationRules)
    .innerJoin(
      workflowRuns,
      and(
        eq(workflowRuns.organizationId, notificationRules.organizationId),
        eq(workflowRuns.status, "running"),
        isNull(workflowRuns.parentRunId),
        sql`${workflowRuns.startedAt} <= ${now.toISOString()}::timestamptz - make_interval(mins => ${notificationRules.longRunningMinutes})`,
      ),
    )
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .where(
      and(
        eq(notificationRules.enabled, true),
        sql`'run.long-running' = any(${notificationRules.events})`,
        sql`not exists (select 1 from notifications_told t where t.key = 'long-running:' || ${workflowRuns.id} || '|' || ${notificationRules.id})`,
      ),
    )
    .limit(limit);
}
