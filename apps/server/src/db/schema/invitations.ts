import { INVITATION_STATUSES, type InvitationStatus } from "@flowdeck/shared/invitations/constants";
import { INVITABLE_ROLES, type InvitableRole } from "@flowdeck/shared/permissions/roles";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id, literal, oneOf, updatedAt } from "./columns.ts";
import { organizations } from "./organizations.ts";

export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    /** The secret in the invitation link: random, never the row id. */
    code: text("code").notNull(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Stored lowercase. */
    email: text("email").notNull(),
    role: text("role").$type<InvitableRole>(),
    status: text("status").$type<InvitationStatus>().notNull().default("pending"),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    invitedByName: text("invited_by_name").notNull().default(""),
    customMessage: text("custom_message"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("invitations_code_unique").on(table.code),
    // One pending invitation per address and organization: inviting again renews it.
    uniqueIndex("invitations_pending_email_unique")
      .on(table.organizationId, table.email)
      .where(sql`${table.status} = ${literal<InvitationStatus>("pending")}`),
    index("invitations_organization_idx").on(table.organizationId, table.createdAt),
    // An owner is only ever the creator: invitations carry the lower roles (spec 6).
    check("invitations_role_valid", sql`${table.role} is null or ${oneOf(table.role, INVITABLE_ROLES)}`),
    check("invitations_status_valid", oneOf(table.status, INVITATION_STATUSES)),
    // Addresses compare case-insensitively because they are stored lowercase.
    check("invitations_email_lowercase", sql`${table.email} = lower(${table.email})`),
  ],
);
