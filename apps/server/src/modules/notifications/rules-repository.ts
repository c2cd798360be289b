import type { KeysetQuery } from "@flowdeck/shared";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import {
  afterCursor,
  cappedCountColumn,
  cursorPosition,
  keysetOrder,
  rememberedBeyondTheCap,
  toCountedKeysetPage,
} from "../../db/keyset.ts";
import {
  memberships,
  notificationAttempts,
  notificationDeliveries,
  notificationRules,
  user,
} from "../../db/schema/index.ts";

export type RuleRow = typeof notificationRules.$inferSelect;

export function listRules(db: Executor, organizationId: string) {
  return db
    .select()
    .from(notificationRules)
    .where(eq(notificationRules.organizationId, organizationId))
    .orderBy(asc(notificationRules.createdAt), asc(notificationRules.id));
}

export async function countRules(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(notificationRules)
    .where(eq(notificationRules.organizationId, organizationId));
  return row?.total ?? 0;
}

export async function findRule(db: Executor, organizationId: string, ruleId: string) {
  const [row] = await db
    .select()
    .from(notificationRules)
    .where(and(eq(notificationRules.organizationId, organizationId), eq(notificationRules.id, ruleId)));
  return row;
}

export async function insertRule(db: Executor, values: typeof notificationRules.$inferInsert) {
  const [row] = await db.insert(notificationRules).values(values).returning();
  return row!;
}

export async function updateRule(
  db: Executor,
  organizationId: string,
  ruleId: string,
  values: Partial<typeof notificationRules.$inferInsert>,
) {
  const [row] = await db
    .update(notificationRules)
    .set(values)
    .where(and(eq(notificationRules.organizationId, organizationId), eq(notificationRules.id, ruleId)))
    .returning();
  return row;
}

export async function deleteRule(db: Executor, organizationId: string, ruleId: string) {
  const rows = await db
    .delete(notificationRules)
    .where(and(eq(notificationRules.organizationId, organizationId), eq(notificationRules.id, ruleId)))
    .returning({ id: notificationRules.id });
  return rows.length > 0;
}

/** How many of these users are members of the organization. */
export async function countMembers(db: Executor, organizationId: string, userIds: string[]) {
  if (userIds.length === 0) return 0;
  const [row] = await db
    .select({ total: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, userIds)));
  return row?.total ?? 0;
}

/** The organization's deliveries, newest first, each with its attempts (the delivery log). */
/**
 * One page of the organization's deliveries, newest first, after the cursor (db/keyset.ts, the one
 * cursor of every list that grows), with their attempts.
 */
export async function listDeliveries(db: Executor, organizationId: string, page: KeysetQuery) {
  const where = eq(notificationDeliveries.organizationId, organizationId);
  const read = await db
    .select({
      delivery: notificationDeliveries,
      ruleName: notificationRules.name,
      email: user.email,
      id: notificationDeliveries.id,
      position: cursorPosition(notificationDeliveries),
      matching: cappedCountColumn(notificationDeliveries, where, rememberedBeyondTheCap(notificationDeliveries, where)),
    })
    .from(notificationDeliveries)
    .leftJoin(notificationRules, eq(notificationRules.id, notificationDeliveries.ruleId))
    .leftJoin(user, eq(user.id, notificationDeliveries.userId))
    .where(and(where, afterCursor(notificationDeliveries, page.cursor)))
    .orderBy(...keysetOrder(notificationDeliveries))
    .limit(page.pageSize + 1);
  const { items: rows, ...counted } = await toCountedKeysetPage(db, read, {
    table: notificationDeliveries,
    where,
    cursor: page.cursor,
    pageSize: page.pageSize,
  });
  const ids = rows.map((row) => row.delivery.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(notificationAttempts)
          .where(inArray(notificationAttempts.deliveryId, ids))
          .orderBy(asc(notificationAttempts.at), asc(notificationAttempts.id));
  return { rows, attempts, page: counted };
}
