import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";

/**
 * A registration waiting for its address to be confirmed (decision 041): what the form asked
 * for, with the password already hashed, until the mailed link is opened or it expires. Only the
 * SHA-256 of the link's token is kept.
 */
export const pendingRegistrations = pgTable(
  "pending_registrations",
  {
    id: id(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    passwordHash: text("password_hash").notNull(),
    organizationName: text("organization_name").notNull(),
    domain: text("domain").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("pending_registrations_token_hash_unique").on(table.tokenHash),
    index("pending_registrations_email_idx").on(table.email),
  ],
);
