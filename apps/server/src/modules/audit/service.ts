import { AppError, MESSAGES } from "@flowdeck/shared";
import type { AuditAction, AuditEntityType } from "@flowdeck/shared/audit/actions";
import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from "@flowdeck/shared/audit/schemas";
import { stringify } from "csv-stringify/sync";
import type { Database } from "../../db/database.ts";
import type { auditLog } from "../../db/schema/index.ts";
import { idNextCursor } from "../../db/keyset.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { setAuditRetentionDays } from "../organizations/repository.ts";
import { findRetentionDays, listAuditRows } from "./repository.ts";

type Scope = { db: Database; organizationId: string };

/** GET /audit: one page, newest first, with the cursor of the next. */
export async function listAuditEntries({
  db,
  organizationId,
  query,
}: Scope & { query: AuditQuery }): Promise<AuditPage> {
  const { cursor, limit, ...filters } = query;
  // One row more than asked says whether there is a next page.
  const rows = await listAuditRows(db, { organizationId, filters, cursor, limit: limit + 1 });
  const items = rows.slice(0, limit).map(toEntry);
  return { items, nextCursor: idNextCursor(items, rows.length, limit) };
}

const CSV_COLUMNS = [
  "time",
  "actor kind",
  "actor",
  "actor id",
  "on behalf of",
  "action",
  "entity type",
  "entity id",
  "summary",
  "changes",
  "ip address",
  "user agent",
];

/**
 * GET /audit.csv: the filtered rows, newest first, up to AUDIT_EXPORT_MAX_ROWS. A cell that a
 * spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
export async function exportAuditCsv({ db, organizationId, query }: Scope & { query: AuditQuery }): Promise<string> {
  const { cursor: _cursor, limit: _limit, ...filters } = query;
  const rows = await listAuditRows(db, { organizationId, filters, limit: AUDIT_EXPORT_MAX_ROWS });
  const records = rows
    .map(toEntry)
    .map((entry) => [
      entry.at,
      entry.actor.kind,
      entry.actor.label,
      entry.actor.id ?? "",
      entry.actor.onBehalfOf?.name ?? "",
      entry.action,
      entry.entityType,
      entry.entityId ?? "",
      entry.summary,
      entry.changes ? JSON.stringify(entry.changes) : "",
      entry.ip ?? "",
      entry.userAgent ?? "",
    ]);
  return stringify([CSV_COLUMNS, ...records], { escape_formulas: true });
}

export async function getAuditRetention({ db, organizationId }: Scope) {
  const days = await findRetentionDays(db, organizationId);
  if (days === undefined) throw new AppError("not-found", MESSAGES.organizationNotFound);
  return { days };
}

/** The owner's setting: how many days audit rows are kept. */
export async function changeAuditRetention({ days, ...scope }: OrgScope & { days: number }) {
  await transact(scope, async (tx, log) => {
    const before = await findRetentionDays(tx, scope.organizationId);
    await setAuditRetentionDays(tx, { organizationId: scope.organizationId, days });
    log.record({
      action: "audit.retention_changed",
      entityId: scope.organizationId,
      summary: `Set the audit log to keep ${days} days`,
      changes: { auditRetentionDays: { before, after: days } },
    });
  });
  return { days };
}

function toEntry({
  row,
  onBehalfOfName,
}: {
  row: typeof auditLog.$inferSelect;
  onBehalfOfName: string | null;
}): AuditEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor: {
      kind: row.actorKind,
      id: row.actorId,
      label: row.actorLabel,
      onBehalfOf: row.onBehalfOfUserId ? { id: row.onBehalfOfUserId, name: onBehalfOfName ?? "" } : null,
    },
    // Rows are only ever written from the shared table of actions.
    action: row.action as AuditAction,
    entityType: row.entityType as AuditEntityType,
    entityId: row.entityId,
    summary: row.summary,
    changes: row.changes ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}
