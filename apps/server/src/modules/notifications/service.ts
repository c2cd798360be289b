import { randomBytes } from "node:crypto";
import { AppError, type KeysetQuery } from "@flowdeck/shared";
import { NOTIFICATION_LIMITS } from "@flowdeck/shared/notifications/constants";
import { NOTIFICATION_MESSAGES as M } from "@flowdeck/shared/notifications/messages";
import type {
  Delivery,
  DeliveryPage,
  NotificationRule,
  NotificationRuleData,
  SavedNotificationRule,
} from "@flowdeck/shared/notifications/schemas";
import type { Database, Executor } from "../../db/database.ts";
import { spendBudgets } from "../../lib/budgets.ts";
import { transact, type ChangeLog, type OrgScope } from "../../lib/change-log.ts";
import { describeRange, urlRefusal, type AllowList } from "../../lib/outbound/address-policy.ts";
import { summarize, type EventPayload } from "./describe-event.ts";
import { notify } from "./notify.ts";
import {
  countMembers,
  countRules,
  deleteRule as deleteRuleRow,
  findRule,
  insertRule,
  listDeliveries as listDeliveryRows,
  listRules as listRuleRows,
  updateRule as updateRuleRow,
  type RuleRow,
} from "./rules-repository.ts";

type Scope = { db: Database; organizationId: string };

/** A secret the receiver copies once: 32 random bytes, prefixed so it is recognisable in a vault. */
function newSecret() {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export function toRule(row: RuleRow): NotificationRule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    events: row.events as NotificationRule["events"],
    longRunningMinutes: row.longRunningMinutes,
    emailRoles: row.emailRoles as NotificationRule["emailRoles"],
    emailUserIds: row.emailUserIds,
    webhook: row.webhookUrl ? { url: row.webhookUrl, secretSet: row.webhookSecret !== null } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listRules({ db, organizationId }: Scope) {
  return { items: (await listRuleRows(db, organizationId)).map(toRule) };
}

async function checkRecipients(db: Executor, organizationId: string, userIds: string[]) {
  if ((await countMembers(db, organizationId, userIds)) !== userIds.length) {
    throw new AppError("invalid-argument", M.recipientsNotMembers, { emailUserIds: M.recipientsNotMembers });
  }
}

/** Refuses a webhook URL the server would not call (decision 055), with why, on its field. */
function checkWebhookUrl(url: string | null, allow: AllowList) {
  if (!url) return;
  const refusal = urlRefusal(new URL(url), allow);
  if (!refusal) return;
  const message = refusal.reason === "credentials" ? M.urlCredentials : M.urlInternal(describeRange(refusal.range));
  throw new AppError("invalid-argument", message, { webhookUrl: message });
}

/** Creates a rule. The webhook's secret (typed, or made here) is answered this once. */
export async function createRule({
  userId,
  input,
  allow,
  ...context
}: OrgScope & {
  userId: string | null;
  input: NotificationRuleData;
  allow: AllowList;
}): Promise<SavedNotificationRule> {
  return transact(context, (tx, log) => createRuleIn(tx, log, { ...context, userId, input, allow }));
}

/** A new rule, inside a transaction someone else holds (the route's, or an import's). */
export async function createRuleIn(
  tx: Executor,
  log: ChangeLog,
  {
    organizationId,
    userId,
    input,
    allow,
  }: { organizationId: string; userId: string | null; input: NotificationRuleData; allow: AllowList },
): Promise<SavedNotificationRule> {
  checkWebhookUrl(input.webhookUrl, allow);
  await checkRecipients(tx, organizationId, input.emailUserIds);
  if ((await countRules(tx, organizationId)) >= NOTIFICATION_LIMITS.rulesPerOrganization) {
    throw new AppError("resource-exhausted", M.tooManyRules);
  }
  const { webhookSecret, ...fields } = input;
  const secret = fields.webhookUrl ? webhookSecret || newSecret() : null;
  const row = await insertRule(tx, { ...fields, organizationId, webhookSecret: secret, createdBy: userId });
  log.record({
    action: "notificationRule.created",
    entityId: row.id,
    summary: `Created the notification rule "${row.name}"`,
  });
  return { ...toRule(row), ...(secret && { webhookSecret: secret }) };
}

/** Whether the URL names another host than the one the rule's secret was given for. */
function movesHost(before: string | null, after: string | null): boolean {
  return before !== null && after !== null && new URL(before).hostname !== new URL(after).hostname;
}

/**
 * Replaces a rule's settings. An empty secret keeps the one set (a first webhook gets a new one,
 * answered this once); a typed secret replaces it. A webhook moved to another host never keeps
 * its secret: another is made (or typed), so the old receiver's secret never signs for the new
 * one. The audit row never holds a secret.
 */
export async function updateRule({
  ruleId,
  input,
  allow,
  ...context
}: OrgScope & { ruleId: string; input: NotificationRuleData; allow: AllowList }): Promise<SavedNotificationRule> {
  return transact(context, (tx, log) => updateRuleIn(tx, log, { ...context, ruleId, input, allow }));
}

/** A rule's change, inside a transaction someone else holds (the route's, or an import's). */
export async function updateRuleIn(
  tx: Executor,
  log: ChangeLog,
  {
    organizationId,
    ruleId,
    input,
    allow,
  }: { organizationId: string; ruleId: string; input: NotificationRuleData; allow: AllowList },
): Promise<SavedNotificationRule> {
  checkWebhookUrl(input.webhookUrl, allow);
  const existing = await findRule(tx, organizationId, ruleId);
  if (!existing) throw new AppError("not-found", M.notFound);
  await checkRecipients(tx, organizationId, input.emailUserIds);
  const { webhookSecret, ...fields } = input;
  const moved = movesHost(existing.webhookUrl, fields.webhookUrl);
  if (moved && webhookSecret && webhookSecret === existing.webhookSecret) {
    throw new AppError("invalid-argument", M.newHostNeedsNewSecret, { webhookSecret: M.newHostNeedsNewSecret });
  }
  const kept = moved ? null : existing.webhookSecret;
  const fresh = fields.webhookUrl && !webhookSecret && !kept ? newSecret() : null;
  const secret = fields.webhookUrl ? webhookSecret || kept || fresh : null;
  const updated = await updateRuleRow(tx, organizationId, ruleId, { ...fields, webhookSecret: secret });
  if (!updated) throw new AppError("not-found", M.notFound);
  log.record({
    action: "notificationRule.updated",
    entityId: ruleId,
    summary: `Changed the notification rule "${updated.name}"`,
  });
  const answered = webhookSecret || fresh;
  return { ...toRule(updated), ...(fields.webhookUrl && answered && { webhookSecret: answered }) };
}

export async function deleteRule({ ruleId, ...context }: OrgScope & { ruleId: string }) {
  await transact(context, async (tx, log) => {
    const rule = await findRule(tx, context.organizationId, ruleId);
    if (!rule || !(await deleteRuleRow(tx, context.organizationId, ruleId)))
      throw new AppError("not-found", M.notFound);
    log.record({
      action: "notificationRule.deleted",
      entityId: ruleId,
      summary: `Deleted the notification rule "${rule.name}"`,
    });
  });
}

/**
 * The Send test button: a "test" event through the rule's channels, sent like any other. Each
 * test is a real call (and one to a hanging endpoint waits), so a rule is tested a few times a
 * minute at most.
 */
export async function sendTest({ ruleId, ...context }: OrgScope & { ruleId: string }) {
  const { organizationId } = context;
  await spendBudgets(context.db, [
    { key: `notifications.test:${organizationId}:${ruleId}`, max: NOTIFICATION_LIMITS.testsPerRuleMinute },
  ]);
  return transact(context, async (tx, log) => {
    const rule = await findRule(tx, organizationId, ruleId);
    if (!rule) throw new AppError("not-found", M.notFound);
    const queued = await notify(tx, { type: "test", organizationId, at: new Date() }, rule);
    log.record({
      action: "notificationRule.tested",
      entityId: ruleId,
      summary: `Sent a test of the notification rule "${rule.name}"`,
    });
    return { queued };
  });
}

export async function listDeliveries({
  db,
  organizationId,
  page,
}: Scope & { page: KeysetQuery }): Promise<DeliveryPage> {
  const { rows, attempts, page: counted } = await listDeliveryRows(db, organizationId, page);
  const items: Delivery[] = rows.map(({ delivery, ruleName, email }) => ({
    id: delivery.id,
    ruleId: delivery.ruleId,
    ruleName,
    event: delivery.event,
    channel: delivery.channel,
    target: delivery.channel === "webhook" ? (delivery.url ?? "") : (email ?? "(member removed)"),
    status: delivery.status,
    summary: summarize(delivery.payload as EventPayload),
    createdAt: delivery.createdAt.toISOString(),
    nextAttemptAt: delivery.status === "pending" ? delivery.nextAttemptAt.toISOString() : null,
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        at: attempt.at.toISOString(),
        ok: attempt.ok,
        responseStatus: attempt.responseStatus,
        error: attempt.error,
        durationMs: attempt.durationMs,
        outbox: attempt.outbox,
      })),
  }));
  return { ...counted, items };
}
