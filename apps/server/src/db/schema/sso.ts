import { ROLES, type Role } from "@flowdeck/shared/permissions/roles";
import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { bytea } from "./bytea.ts";
import { createdAt, id, oneOf, updatedAt } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { secretDataKeys } from "./secrets.ts";

/**
 * An organization's single sign-on connection (decision 075), one at most, through OpenID Connect
 * or SAML 2.0 (decision 078). The OIDC client secret is sealed by the organization's data key as
 * its secrets are (decision 060), bound to the organization and the name "sso-client-secret", and
 * never read back but to call the provider. For SAML, `issuer` is the identity provider's entity
 * id found in its metadata, and nothing secret is kept (a certificate is public).
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
    /** OIDC only, like the sealed client secret below. */
    clientId: text("client_id"),
    dataKeyId: text("data_key_id").references(() => secretDataKeys.id),
    secretIv: bytea("secret_iv"),
    secretCiphertext: bytea("secret_ciphertext"),
    secretAuthTag: bytea("secret_auth_tag"),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    defaultRole: text("default_role").$type<Role>().notNull().default("viewer"),
    groupClaim: text("group_claim").notNull().default("groups"),
    groupRoles: jsonb("group_roles").$type<Array<{ group: string; role: Role }>>().notNull().default([]),
    enforce: boolean("enforce").notNull().default(false),
    /** SAML only: where the identity provider's metadata comes from (one of the two). */
    samlMetadataUrl: text("saml_metadata_url"),
    samlMetadataXml: text("saml_metadata_xml"),
    /** SAML: the signing certificate the owner gave (PEM); the metadata's when null. */
    samlCertificate: text("saml_certificate"),
    samlEmailAttribute: text("saml_email_attribute"),
    samlNameAttribute: text("saml_name_attribute"),
    /** SAML, found in the metadata when the connection was saved: the HTTP-Redirect SSO URL and its certificates. */
    samlSsoUrl: text("saml_sso_url"),
    samlIdpCertificates: jsonb("saml_idp_certificates").$type<string[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("sso_connections_organization_unique").on(table.organizationId),
    check("sso_connections_protocol_valid", sql`${table.protocol} in ('oidc', 'saml')`),
    check(
      "sso_connections_oidc_complete",
      sql`${table.protocol} <> 'oidc' or (${table.clientId} is not null and ${table.dataKeyId} is not null and ${table.secretCiphertext} is not null)`,
    ),
    check("sso_connections_saml_complete", sql`${table.protocol} <> 'saml' or ${table.samlSsoUrl} is not null`),
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
 * may reach another instance than the start. A SAML sign-in (decision 078) is kept by a hash of
 * its AuthnRequest's id, without nonce and code verifier: so neither kind can finish the other.
 */
export const ssoSignInStates = pgTable(
  "sso_sign_in_states",
  {
    stateHash: text("state_hash").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    nonce: text("nonce"),
    codeVerifier: text("code_verifier"),
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
