import type { DeliveredEvent } from "@flowdeck/shared/notifications/constants";
import type { Executor } from "../../db/database.ts";
import {
  findRulesFor,
  findUnmutedMembers,
  firstTelling,
  insertDeliveries,
  mailsMembersOfFailures,
  type NewDelivery,
  type Rule,
} from "./outbox-repository.ts";

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
  /** For a failed or timed-out run: the last lines its failing step wrote (masked). */
  output?: { step: string; lastLines: string };
  /** For a failed run on every matching runner: the names of the runners whose targets failed. */
  failedTargets?: string[];
  /**
   * Said once per rule and target: a second event with the same key (the scheduler's next tick,
   * the long-running check on another instance) is not told again.
   */
  dedupeKey?: string;
};

/**
 * The one entry point for notifications (docs/decisions/026): call it inside the transaction where
 * the event happens. It writes one outbox row per message — a mail to each member the rule names
 * (unless they muted the organization), one call to the rule's webhook — and the delivery job
 * sends them after the transaction commits. If the transaction rolls back, nothing is sent.
 * Runners, when they report outcomes, call it the same way (`notifyRunOutcome`).
 */
export async function notify(tx: Executor, event: NotificationEventData, onlyRule?: Rule): Promise<number> {
  // `onlyRule`: the Send test button, and the long-running check (each rule has its own minutes).
  const rules = onlyRule ? [onlyRule] : await findRulesFor(tx, event.organizationId, event.type);
  let queued = 0;
  for (const rule of rules) {
    if (event.dedupeKey && !(await firstTelling(tx, `${event.dedupeKey}|${rule.id}`, event.organizationId))) continue;
    const payload = toPayload(event, rule);
    const rows: NewDelivery[] = [];
    if (rule.webhookUrl) rows.push({ ...base(event, rule, payload), channel: "webhook", url: rule.webhookUrl });
    for (const userId of await ruleRecipients(tx, rule)) {
      rows.push({ ...base(event, rule, payload), channel: "email", userId });
    }
    await insertDeliveries(tx, rows);
    queued += rows.length;
  }
  return queued;
}

function base(event: NotificationEventData, rule: Rule | null, payload: Record<string, unknown>) {
  return {
    organizationId: event.organizationId,
    ruleId: rule?.id ?? null,
    event: event.type,
    payload,
    nextAttemptAt: event.at,
  };
}

/** Members the rule names by role or by name, still members, who have not muted the organization. */
function ruleRecipients(tx: Executor, rule: Rule): Promise<string[]> {
  if (rule.emailRoles.length === 0 && rule.emailUserIds.length === 0) return Promise.resolve([]);
  return findUnmutedMembers(tx, rule.organizationId, { roles: rule.emailRoles, userIds: rule.emailUserIds });
}

/** The webhook's JSON body (and what a mail is written from). */
function toPayload(event: NotificationEventData, rule: Rule | null): Record<string, unknown> {
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  return {
    event: event.type,
    occurredAt: event.at.toISOString(),
    organizationId: event.organizationId,
    rule: rule ? { id: rule.id, name: rule.name } : null,
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
    ...(event.output && { output: event.output }),
    ...(event.failedTargets && { failedTargets: event.failedTargets }),
  };
}

/**
 * The organization's "Email notifications" setting (docs/decisions/039): when it is on, a run that
 * failed, timed out or was lost is mailed to every member who has not muted the organization, once
 * each — a member a rule already mails about this run is not mailed twice. Same outbox, same job.
 */
export async function mailMembersOfFailure(tx: Executor, event: NotificationEventData): Promise<number> {
  if (!event.run || !(await mailsMembersOfFailures(tx, event.organizationId))) return 0;
  const recipients = await findUnmutedMembers(tx, event.organizationId, {
    notMailedAbout: { type: event.type, runId: event.run.id },
  });
  return mailPeople(tx, event, recipients);
}

/**
 * Mails `recipients` about `event` without a rule (the organization's settings, an approval
 * request): one outbox row each, sent by the delivery job after the transaction commits.
 */
export async function mailPeople(tx: Executor, event: NotificationEventData, recipients: readonly string[]) {
  if (recipients.length === 0) return 0;
  const payload = toPayload(event, null);
  await insertDeliveries(
    tx,
    recipients.map((userId) => ({ ...base(event, null, payload), channel: "email" as const, userId })),
  );
  return recipients.length;
}
