import { z } from "zod";
import { domainField } from "../organizations/fields.ts";
import type { Role } from "../permissions/roles.ts";
import { SSO_MESSAGES } from "./messages.ts";

export const SSO_PROTOCOLS = ["oidc"] as const;
export const SSO_DOMAINS_MAX = 20;
export const SSO_GROUP_ROLES_MAX = 100;
/** What a group may map to: the organization's creator alone is owner (spec 6). */
export const SSO_GROUP_ROLES = ["viewer", "editor", "admin"] as const satisfies readonly Role[];
export const SSO_DEFAULT_SCOPES = ["openid", "email", "profile"];

const TOKEN_PATTERN = /^[A-Za-z0-9._:/-]{1,100}$/;

/** What the TXT record of a domain must hold to verify it for an organization. */
export const verificationRecord = (token: string) => `flowdeck-verification=${token}`;

const IssuerSchema = z
  .string({ error: SSO_MESSAGES.issuerInvalid })
  .trim()
  .max(500, SSO_MESSAGES.issuerInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && !url.hash;
    } catch {
      return false;
    }
  }, SSO_MESSAGES.issuerInvalid)
  // Compared with the discovery document's and the id token's `iss`: one spelling, no trailing slash.
  .transform((value) => value.replace(/\/+$/, ""));

/**
 * PUT /api/orgs/:orgId/sso: the organization's connection to its identity provider. The client
 * secret is write-only: required the first time, left out to keep the stored one.
 */
export const PutSsoConnectionSchema = z.object({
  protocol: z.enum(SSO_PROTOCOLS, { error: SSO_MESSAGES.protocolUnsupported }),
  issuer: IssuerSchema,
  clientId: z.string({ error: SSO_MESSAGES.clientIdRequired }).trim().min(1, SSO_MESSAGES.clientIdRequired).max(500),
  clientSecret: z
    .string({ error: SSO_MESSAGES.clientSecretRequired })
    .min(1, SSO_MESSAGES.clientSecretRequired)
    .max(1000, SSO_MESSAGES.clientSecretTooLong)
    .optional(),
  scopes: z
    .array(z.string().regex(TOKEN_PATTERN, SSO_MESSAGES.scopesInvalid), { error: SSO_MESSAGES.scopesInvalid })
    .max(20, SSO_MESSAGES.scopesInvalid)
    .default(SSO_DEFAULT_SCOPES)
    .refine((scopes) => scopes.includes("openid") && scopes.includes("email"), SSO_MESSAGES.scopesInvalid)
    .transform((scopes) => [...new Set(scopes)]),
  domains: z
    .array(domainField(), { error: SSO_MESSAGES.domainsRequired })
    .min(1, SSO_MESSAGES.domainsRequired)
    .max(SSO_DOMAINS_MAX, SSO_MESSAGES.tooManyDomains)
    .transform((domains) => [...new Set(domains)]),
  defaultRole: z.enum(SSO_GROUP_ROLES, { error: SSO_MESSAGES.groupRoleOwner }).default("viewer"),
  groupClaim: z.string().regex(TOKEN_PATTERN, SSO_MESSAGES.groupClaimInvalid).default("groups"),
  groupRoles: z
    .array(
      z.object({
        group: z
          .string({ error: SSO_MESSAGES.groupNameRequired })
          .trim()
          .min(1, SSO_MESSAGES.groupNameRequired)
          .max(200, SSO_MESSAGES.groupNameRequired),
        role: z.enum(SSO_GROUP_ROLES, { error: SSO_MESSAGES.groupRoleOwner }),
      }),
    )
    .max(SSO_GROUP_ROLES_MAX, SSO_MESSAGES.groupRolesTooMany)
    .default([]),
  enforce: z.boolean().default(false),
});
export type PutSsoConnectionInput = z.input<typeof PutSsoConnectionSchema>;

/** A domain of the connection and whether it counts yet; `record` is the TXT record that verifies it. */
export const SsoDomainSchema = z.object({
  domain: z.string(),
  verified: z.boolean(),
  record: z.string(),
});

/** GET (and PUT's answer): the connection as stored, never the client secret. */
export const SsoConnectionSchema = z.object({
  protocol: z.enum(SSO_PROTOCOLS),
  issuer: z.string(),
  clientId: z.string(),
  scopes: z.array(z.string()),
  domains: z.array(z.string()),
  defaultRole: z.enum(SSO_GROUP_ROLES),
  groupClaim: z.string(),
  groupRoles: z.array(z.object({ group: z.string(), role: z.enum(SSO_GROUP_ROLES) })),
  enforce: z.boolean(),
  /** Whether a client secret is stored (its value is never answered). */
  hasClientSecret: z.boolean(),
  domainStatus: z.array(SsoDomainSchema),
  /** The redirect URI the owner registers at the provider: `<APP_URL>/api/auth/sso/callback`. */
  callbackUrl: z.string(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type SsoConnection = z.infer<typeof SsoConnectionSchema>;

export const SsoDomainParamsSchema = z.object({ orgId: z.string().min(1), domain: domainField() });

/** POST /api/orgs/:orgId/sso/test: what discovery found, or what is wrong, in plain words. */
export const SsoTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  issuer: z.string().optional(),
  authorizationEndpoint: z.string().optional(),
  tokenEndpoint: z.string().optional(),
});
export type SsoTestResult = z.infer<typeof SsoTestResultSchema>;

/** POST /api/auth/sso/start. */
export const SsoStartSchema = z.object({
  email: z.string({ error: SSO_MESSAGES.emailInvalid }).trim().toLowerCase().email(SSO_MESSAGES.emailInvalid).max(254),
});
export const SsoStartAnswerSchema = z.object({ url: z.string() });

/**
 * GET /api/auth/sso/status: whether any organization signs in through its provider, so the login
 * page asks for the address first. Says nothing about which organization or domain.
 */
export const SsoStatusSchema = z.object({ enabled: z.boolean() });
export type SsoStatus = z.infer<typeof SsoStatusSchema>;
