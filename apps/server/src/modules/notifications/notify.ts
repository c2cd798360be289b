import type { DeliveredEvent } from "@flowdeck/shared/notifications/constants";
import { and, arrayContains, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import {
  memberships,
  notificationDeliveries,
  notificationMutes,
  notificationRules,
  notificationsTold,
} from "../../db/schema/index.ts";

/** What happened, as every channel tells it. Dates are instants; names are read when it happened. */
export type NotificationEventData = {
  type: DeliveredEvent;
  organizationId: string;
  at: Date;
  workflow?: { id: string; name: string };
  run?: { id: string; status: string; trigger: string; startedAt: Date; finishedAt: Date | null };
  /** For schedule events: the moment the run was due. */
  scheduledFor?: Date;
  /** For a run still going: the rule's threshold it passed. */
  minutes?: number;
  /**
   * Said once per rule and target: a second event with the same key (the scheduler's next tick,
   * the long-running check on another instance) is not told again.
   */
  dedupeKey?: string;
};

type Rule = typeof notificationRules.$inferSelect;

/**
 * The one entry point for notifications (docs/decisions/026): call it inside the transaction where
 * the event happens. It writes one outbox row per message — a mail to each member the rule names
 * (unless they muted the organization), one call to the rule's webhook — and the delivery job
 * sends them after the transaction commits. If the transaction rolls back, nothing is sent.
 * Runners, when they report outcomes, call it the same way (`notifyRunOutcome`).
 */
export async function notify(tx: Executor, event: NotificationEventData, onlyRule?: Rule): Promise<number> {
  // `onlyRule`: the Send test button, and the long-running check (each rule has its own minutes).
  const rules = onlyRule
    ? [onlyRule]
    : await tx
        .select()
        .from(notificationRules)
        .where(
          and(
            eq(notificationRules.organizationId, event.organizationId),
            eq(notificationRules.enabled, true),
            arrayContains(notificationRules.events, [event.type]),
          ),
        );
  let queued = 0;
  for (const rule of rules) {
    if (event.dedupeKey && !(await firstTelling(tx, `${event.dedupeKey}|${rule.id}`, event.organizationId))) continue;
    const payload = toPayload(event, rule);
    const rows: (typeof notificationDeliveries.$inferInsert)[] = [];
    if (rule.webhookUrl) rows.push({ ...base(event, rule, payload), channel: "webhook", url: rule.webhookUrl });
    for (const userId of await recipientsOf(tx, rule)) {
      rows.push({ ...base(event, rule, payload), channel: "email", userId });
    }
    if (rows.length === 0) continue;
    await tx.insert(notificationDeliveries).values(rows);
    queued += rows.length;
  }
  return queued;
}

/** True the first time a key is told; a concurrent second teller waits on the row, then gets false. */
async function firstTelling(tx: Executor, key: string, organizationId: string) {
  const rows = await tx
    .insert(notificationsTold)
    .values({ key, organizationId })
    .onConflictDoNothing()
    .returning({ key: notificationsTold.key });
  return rows.length > 0;
}

function base(event: NotificationEventData, rule: Rule, payload: Record<string, unknown>) {
  return { organizationId: event.organizationId, ruleId: rule.id, event: event.type, payload, nextAttemptAt: event.at };
}

/** Members the rule names by role or by name, still members, who have not muted the organization. */
async function recipientsOf(tx: Executor, rule: Rule): Promise<string[]> {
  if (rule.emailRoles.length === 0 && rule.emailUserIds.length === 0) return [];
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
    .where(
      and(
        eq(memberships.organizationId, rule.organizationId),
        isNull(notificationMutes.userId),
        or(
          rule.emailRoles.length > 0
            ? // A membership without a role acts as viewer.
              inArray(sql`coalesce(${memberships.role}, 'viewer')`, rule.emailRoles)
            : undefined,
          rule.emailUserIds.length > 0 ? inArray(memberships.userId, rule.emailUserIds) : undefined,
        ),
      ),
    )
    .orderBy(memberships.userId);
  return rows.map((row) => row.userId);
}

/** The webhook's JSON body (and what a mail is written from). */
function toPayload(event: NotificationEventData, rule: Rule): Record<string, unknown> {
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  return {
    event: event.type,
    occurredAt: event.at.toISOString(),
    organizationId: event.organizationId,
    rule: { id: rule.id, name: rule.name },
    workflow: event.workflow ?? null,
    run: event.run
      ? {
          id: event.run.id,
          status: event.run.status,
          trigger: event.run.trigger,
          startedAt: iso(event.run.startedAt),
          finishedAt: iso(event.run.finishedAt),
        }
      : null,
    scheduledFor: iso(event.scheduledFor),
    minutes: event.minutes ?? null,
  };
}
