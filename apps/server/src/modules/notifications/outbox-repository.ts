import type { DeliveredEvent } from "@flowdeck/shared/notifications/constants";
import { and, arrayContains, desc, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import {
  memberships,
  notificationDeliveries,
  notificationMutes,
  notificationRules,
  notificationsTold,
  organizations,
  runLogChunks,
  workflowRunSteps,
  workflowRuns,
} from "../../db/schema/index.ts";

/** The notification outbox's queries: who is told of what, and the rows the delivery job sends. */

export type Rule = typeof notificationRules.$inferSelect;
export type NewDelivery = typeof notificationDeliveries.$inferInsert;

/** The organization's enabled rules that ask for `type`. */
export async function findRulesFor(tx: Executor, organizationId: string, type: DeliveredEvent) {
  return tx
    .select()
    .from(notificationRules)
    .where(
      and(
        eq(notificationRules.organizationId, organizationId),
        eq(notificationRules.enabled, true),
        arrayContains(notificationRules.events, [type]),
      ),
    );
}

export async function insertDeliveries(tx: Executor, rows: NewDelivery[]) {
  if (rows.length > 0) await tx.insert(notificationDeliveries).values(rows);
}

/** True the first time a key is told; a concurrent second teller waits on the row, then gets false. */
export async function firstTelling(tx: Executor, key: string, organizationId: string) {
  const rows = await tx
    .insert(notificationsTold)
    .values({ key, organizationId })
    .onConflictDoNothing()
    .returning({ key: notificationsTold.key });
  return rows.length > 0;
}

/**
 * The organization's members who have not muted its mail, by user id: all of them, or those with
 * one of `roles` or among `userIds` (a membership without a role acts as viewer), less those already
 * mailed about `notMailedAbout` (an event of a run).
 */
export async function findUnmutedMembers(
  tx: Executor,
  organizationId: string,
  options: {
    roles?: readonly string[];
    userIds?: readonly string[];
    notMailedAbout?: { type: DeliveredEvent; runId: string };
  } = {},
): Promise<string[]> {
  const { roles = [], userIds = [], notMailedAbout } = options;
  const named =
    roles.length > 0 || userIds.length > 0
      ? or(
          roles.length > 0 ? inArray(sql`coalesce(${memberships.role}, 'viewer')`, [...roles]) : undefined,
          userIds.length > 0 ? inArray(memberships.userId, [...userIds]) : undefined,
        )
      : undefined;
  const notMailed = notMailedAbout
    ? notInArray(
        memberships.userId,
        tx
          .select({ userId: notificationDeliveries.userId })
          .from(notificationDeliveries)
          .where(
            and(
              eq(notificationDeliveries.organizationId, organizationId),
              eq(notificationDeliveries.channel, "email"),
              isNotNull(notificationDeliveries.userId),
              eq(notificationDeliveries.event, notMailedAbout.type),
              sql`${notificationDeliveries.payload} -> 'run' ->> 'id' = ${notMailedAbout.runId}`,
            ),
          ),
      )
    : undefined;
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .leftJoin(
      notificationMutes,
      and(
        eq(notificationMutes.userId, memberships.userId),
        eq(notificationMutes.organizationId, memberships.organizationId),
      ),
    )
    .where(and(eq(memberships.organizationId, organizationId), isNull(notificationMutes.userId), named, notMailed))
    .orderBy(memberships.userId);
  return rows.map((row) => row.userId);
}

/** Whether the organization's "Email notifications" setting is on (decision 039). */
export async function mailsMembersOfFailures(tx: Executor, organizationId: string) {
  const [row] = await tx
    .select({ notifications: organizations.notifications })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return Boolean(row?.notifications.email);
}

/** A run that ended, as its end tells the notification rules: its row as it is now, and its workflow's name. */
export type RunToTell = { run: typeof workflowRuns.$inferSelect; workflowName: string };

/**
 * How the workflow's previous run that ended ended, if any. Cancelled runs are passed over, and
 * so are rejected, expired and skipped ones: they never ran.
 */
export async function findPreviousEndedStatus(tx: Executor, run: { id: string; workflowId: string }) {
  const [previous] = await tx
    .select({ status: workflowRuns.status })
    .from(workflowRuns)
    .where(
      and(
        eq(workflowRuns.workflowId, run.workflowId),
        ne(workflowRuns.id, run.id),
        isNull(workflowRuns.parentRunId),
        notInArray(workflowRuns.status, [
          "awaiting-approval",
          "queued",
          "running",
          "cancelled",
          "rejected",
          "expired",
          "skipped",
        ]),
      ),
    )
    .orderBy(desc(workflowRuns.finishedAt), desc(workflowRuns.startedAt))
    .limit(1);
  return previous?.status;
}

/**
 * The last chunks a run's first failing step wrote (stdout and stderr, as stored: already masked),
 * newest first: what a failure notification quotes.
 */
export async function findFailedStepOutput(tx: Executor, runId: string, chunks: number) {
  const [step] = await tx
    .select({ position: workflowRunSteps.position, name: workflowRunSteps.name })
    .from(workflowRunSteps)
    .where(and(eq(workflowRunSteps.runId, runId), inArray(workflowRunSteps.status, ["failed", "timed-out"])))
    .orderBy(workflowRunSteps.position)
    .limit(1);
  if (!step) return undefined;
  const rows = await tx
    .select({ text: runLogChunks.text })
    .from(runLogChunks)
    .where(
      and(
        eq(runLogChunks.runId, runId),
        eq(runLogChunks.position, step.position),
        inArray(runLogChunks.stream, ["stdout", "stderr"]),
      ),
    )
    .orderBy(desc(runLogChunks.id))
    .limit(chunks);
  return { step: step.name, newestFirst: rows.map((row) => row.text) };
}
