import type { ActorKind } from "@flowdeck/shared/audit/actors";
import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { AuditChanges } from "@flowdeck/shared/audit/schemas";

/**
 * The audit log: one row per change, written in the transaction of the change (lib/change-log.ts),
 * so a committed change always has its row and a rolled-back one never has. Append-only: a
 * trigger (migration 0010) refuses UPDATE, TRUNCATE, and DELETE of any row still inside its
 * organization's retention. No foreign keys: a row outlives the user, token or organization it names.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    /** Ascending in insert order: the keyset of newest-first pages. */
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for an event that belongs to no organization (a failed sign-in for an unknown address). */
    organizationId: text("organization_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorKind: text("actor_kind").$type<ActorKind>().notNull(),
    actorId: text("actor_id"),
    /** The actor's name when it acted, kept as it was. */
    actorLabel: text("actor_label").notNull(),
    /** For a token: the person who created it. */
    onBehalfOfUserId: text("on_behalf_of_user_id"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    summary: text("summary").notNull(),
    changes: jsonb("changes").$type<AuditChanges>(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (table) => [
    index("audit_log_org_newest_idx").on(table.organizationId, table.id.desc()),
    index("audit_log_org_at_idx").on(table.organizationId, table.at),
    index("audit_log_org_action_idx").on(table.organizationId, table.action, table.id.desc()),
    index("audit_log_org_entity_idx").on(table.organizationId, table.entityType, table.id.desc()),
    index("audit_log_org_actor_idx")
      .on(table.organizationId, table.actorKind, table.actorId, table.id.desc())
      .where(sql`${table.actorId} is not null`),
  ],
);
