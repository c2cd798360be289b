import { INVITABLE_ROLES, type InvitableRole } from "@flowdeck/shared/permissions/roles";
import { check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id, oneOf } from "./columns.ts";
import { organizations } from "./organizations.ts";

/**
 * An organization's API tokens (decision 020). Only the SHA-256 of the secret is kept; a token
 * acts with its role on its organization's routes, on behalf of the member who created it, and
 * dies with that membership.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role").$type<InvitableRole>().notNull(),
    /** Hex SHA-256 of the whole token: a 256-bit random secret needs no slow hash. */
    tokenHash: text("token_hash").notNull(),
    /** The token's first characters, shown in the list so a person can tell tokens apart. */
    hint: text("hint").notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("api_tokens_hash_unique").on(table.tokenHash),
    index("api_tokens_organization_idx").on(table.organizationId, table.createdAt.desc(), table.id.desc()),
    check("api_tokens_role_valid", oneOf(table.role, INVITABLE_ROLES)),
  ],
);
