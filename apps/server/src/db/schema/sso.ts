import { ROLES, type Role } from "@flowdeck/shared/permissions/roles";
import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { bytea } from "./bytea.ts";
import { createdAt, id, oneOf, updatedAt } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { secretDataKeys } from "./secrets.ts";

/**
 * An organization's single sign-on connection (decision 075), one at most. The client secret is
 * sealed by the organization's data key as its secrets are (decision 060), bound to the
 * organization and the name "sso-client-secret", and never read back but to call the provider.
 */
export const ssoConnections = pgTable(
  "sso_connections",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    protocol: text("protocol").notNull().default("oidc"),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    dataKeyId: text("data_key_id")
      .notNull()
      .references(() => secretDataKeys.id),
    secretIv: bytea("secret_iv").notNull(),
    secretCiphertext: bytea("secret_ciphertext").notNull(),
    secretAuthTag: bytea("secret_auth_tag").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    defaultRole: text("default_role").$type<Role>().notNull().default("viewer"),
    groupClaim: text("group_claim").notNull().default("groups"),
    groupRoles: jsonb("group_roles").$type<Array<{ group: string; role: Role }>>().notNull().default([]),
    enforce: boolean("enforce").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("sso_connections_organization_unique").on(table.organizationId),
    check("sso_connections_protocol_valid", sql`${table.protocol} in ('oidc')`),
    check("sso_connections_default_role_valid", oneOf(table.defaultRole, ROLES)),
  ],
);

/**
 * The e-mail domains a connection is for. A domain counts once verified (by its TXT record, or as
 * the organization's registered domain with the owner's address on it), and then for one
 * organization only.
 */
export const ssoDomains = pgTable(
  "sso_domains",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Stored lowercase. */
    domain: text("domain").notNull(),
    /** What the TXT record `flowdeck-verification=<token>` must hold. */
    verificationToken: text("verification_token").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("sso_domains_organization_domain_unique").on(table.organizationId, table.domain),
    uniqueIndex("sso_domains_verified_unique")
      .on(table.domain)
      .where(sql`${table.verifiedAt} is not null`),
  ],
);

/**
 * A sign-in under way: what the callback needs to finish it, found by a hash of its state and
 * deleted when used, so a state works once (decision 075). Kept in the database, so the callback
 * may reach another instance than the start.
 */
export const ssoSignInStates = pgTable(
  "sso_sign_in_states",
  {
    stateHash: text("state_hash").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("sso_sign_in_states_expires_idx").on(table.expiresAt)],
);

/** Which provider account (issuer and subject) is which Flowdeck user: linked once, found by it after. */
export const ssoIdentities = pgTable(
  "sso_identities",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("sso_identities_subject_unique").on(table.organizationId, table.issuer, table.subject),
    index("sso_identities_user_idx").on(table.userId),
  ],
);
