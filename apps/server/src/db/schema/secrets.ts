import { SECRET_NAME_PATTERN } from "@flowdeck/shared/secrets/schemas";
import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea } from "./bytea.ts";
import { createdAt, id, updatedAt } from "./columns.ts";
import { organizations } from "./organizations.ts";

/**
 * Each organization's data key (decision 060), AES-256-GCM-sealed by the instance's master key
 * whose id it records, bound to its organization. Made with the organization's first secret;
 * `npm run secrets:rotate-key` seals it again under a new master key.
 */
export const secretDataKeys = pgTable(
  "secret_data_keys",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Which master key sealed it (lib/envelope.ts keyId): rotation and the start-up check read it. */
    masterKeyId: text("master_key_id").notNull(),
    iv: bytea("iv").notNull(),
    wrappedKey: bytea("wrapped_key").notNull(),
    authTag: bytea("auth_tag").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("secret_data_keys_organization_unique").on(table.organizationId)],
);

/**
 * An organization's secrets: the value only sealed by the organization's data key (which one it
 * records), bound to the organization and the name. Nothing here is ever sent back but the name,
 * the description and who set it when.
 */
export const secrets = pgTable(
  "secrets",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    dataKeyId: text("data_key_id")
      .notNull()
      // No action, checked at the end of the statement: deleting an organization removes both.
      .references(() => secretDataKeys.id),
    iv: bytea("iv").notNull(),
    ciphertext: bytea("ciphertext").notNull(),
    authTag: bytea("auth_tag").notNull(),
    /** Who set the value, as the audit log names them when they did: a person, or `API token "…"`. */
    updatedBy: text("updated_by").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("secrets_organization_name_unique").on(table.organizationId, table.name),
    check("secrets_name_valid", sql`${table.name} ~ ${sql.raw(`'${SECRET_NAME_PATTERN.source}'`)}`),
  ],
);
