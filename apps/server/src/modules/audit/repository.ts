import type { AuditQuery } from "@flowdeck/shared/audit/schemas";
import { and, desc, eq, gte, ilike, lte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { belowIdCursor } from "../../db/keyset.ts";
import { auditLog, organizations, user } from "../../db/schema/index.ts";

export type AuditFilters = Omit<AuditQuery, "limit" | "cursor">;

/** Newest first (by id, the insert order), from below `cursor`, at most `limit` rows. */
export async function listAuditRows(
  db: Executor,
  options: { organizationId: string; filters: AuditFilters; cursor?: string; limit: number },
) {
  const { organizationId, filters, cursor, limit } = options;
  const conditions: (SQL | undefined)[] = [
    eq(auditLog.organizationId, organizationId),
    belowIdCursor(auditLog.id, cursor),
    filters.actorKind ? eq(auditLog.actorKind, filters.actorKind) : undefined,
    filters.actor ? ilike(auditLog.actorLabel, `%${escapeLike(filters.actor)}%`) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.entityType ? eq(auditLog.entityType, filters.entityType) : undefined,
    filters.from ? gte(auditLog.at, filters.from) : undefined,
    filters.to ? lte(auditLog.at, filters.to) : undefined,
  ];
  return db
    .select({ row: auditLog, onBehalfOfName: sql<string | null>`coalesce(nullif(${user.name}, ''), ${user.email})` })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.onBehalfOfUserId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

export async function findRetentionDays(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ days: organizations.auditRetentionDays })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.days;
}

/**
 * Deletes up to `limit` rows past their organization's retention (rows of no organization: the
 * default). The database's append-only trigger checks the same rule, row by row.
 */
export async function deleteExpiredRows(db: Executor, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${auditLog} where ${auditLog.id} in (
      select a.id from ${auditLog} a
      left join ${organizations} o on o.id = a.organization_id
      where a.at < now() - make_interval(days => coalesce(o.audit_retention_days, 365))
      order by a.id
      limit ${limit}
    )`);
  return Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );
}

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}
