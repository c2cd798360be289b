import { z } from "zod";
import { domainField } from "../organizations/fields.ts";
import type { Role } from "../permissions/roles.ts";
import { SSO_MESSAGES } from "./messages.ts";

export const SSO_PROTOCOLS = ["oidc", "saml"] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];
export const SSO_DOMAINS_MAX = 20;
export const SSO_GROUP_ROLES_MAX = 100;
/** What a group may map to: the organization's creator alone is owner (spec 6). */
export const SSO_GROUP_ROLES = ["viewer", "editor", "admin"] as const satisfies readonly Role[];
export const SSO_DEFAULT_SCOPES = ["openid", "email", "profile"];

const TOKEN_PATTERN = /^[A-Za-z0-9._:/-]{1,100}$/;

/** What the TXT record of a domain must hold to verify it for an organization. */
export const verificationRecord = (token: string) => `flowdeck-verification=${token}`;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && !url.hash;
  } catch {
    return false;
  }
};

const IssuerSchema = z
  .string({ error: SSO_MESSAGES.issuerInvalid })
  .trim()
  .max(500, SSO_MESSAGES.issuerInvalid)
  .refine(isHttpUrl, SSO_MESSAGES.issuerInvalid)
  // Compared with the discovery document's and the id token's `iss`: one spelling, no trailing slash.
  .transform((value) => value.replace(/\/+$/, ""));

/** A SAML attribute name: a short word or a URI, as identity providers name them. */
const ATTRIBUTE_PATTERN = /^[A-Za-z0-9._:/-]{1,300}$/;
const attributeField = () => z.string().trim().regex(ATTRIBUTE_PATTERN, SSO_MESSAGES.samlAttributeInvalid);
export const SAML_METADATA_XML_MAX = 500_000;
const PEM_CERTIFICATE = /^-----BEGIN CERTIFICATE-----\s+[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----$/;

/**
 * The identity provider of a SAML connection (decision 078): its metadata, by URL or as XML (one
 * of the two), its signing certificate when the metadata's is not to be taken, and which
 * attributes carry the address and the name.
 */
export const SamlSettingsSchema = z
  .object(
    {
      metadataUrl: z
        .string({ error: SSO_MESSAGES.samlMetadataUrlInvalid })
        .trim()
        .max(1000, SSO_MESSAGES.samlMetadataUrlInvalid)
        .refine(isHttpUrl, SSO_MESSAGES.samlMetadataUrlInvalid)
        .optional(),
      metadataXml: z
        .string({ error: SSO_MESSAGES.samlMetadataInvalid })
        .trim()
        .min(1, SSO_MESSAGES.samlSettingsRequired)
        .max(SAML_METADATA_XML_MAX, SSO_MESSAGES.samlMetadataXmlTooLong)
        .optional(),
      certificate: z
        .string({ error: SSO_MESSAGES.samlCertificateInvalid })
        .trim()
        .max(20_000, SSO_MESSAGES.samlCertificateInvalid)
        .regex(PEM_CERTIFICATE, SSO_MESSAGES.samlCertificateInvalid)
        .optional(),
      /** Left out: the NameID when it is an e-mail address, else the attribute `email`. */
      emailAttribute: attributeField().optional(),
      nameAttribute: attributeField().optional(),
    },
    { error: SSO_MESSAGES.samlSettingsRequired },
  )
  .superRefine((settings, context) => {
    const given = [settings.metadataUrl, settings.metadataXml].filter((value) => value !== undefined).length;
    if (given !== 1) {
      context.addIssue({
        code: "custom",
        path: ["metadataUrl"],
        message: given === 0 ? SSO_MESSAGES.samlSettingsRequired : SSO_MESSAGES.samlMetadataOneOf,
      });
    }
  });
export type SamlSettings = z.output<typeof SamlSettingsSchema>;

/** What both protocols share: who signs in, and with which role. */
const connectionCommon = {
  domains: z
    .array(domainField(), { error: SSO_MESSAGES.domainsRequired })
    .min(1, SSO_MESSAGES.domainsRequired)
    .max(SSO_DOMAINS_MAX, SSO_MESSAGES.tooManyDomains)
    .transform((domains) => [...new Set(domains)]),
  defaultRole: z.enum(SSO_GROUP_ROLES, { error: SSO_MESSAGES.groupRoleOwner }).default("viewer"),
  /** The id token's claim (OIDC) or the assertion's attribute (SAML) that lists the groups. */
  groupClaim: z.string().regex(ATTRIBUTE_PATTERN, SSO_MESSAGES.groupClaimInvalid).default("groups"),
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
};

/** PUT /sso for OpenID Connect (one member of the union below). */
export const OidcConnectionInputSchema = z.object({
  protocol: z.literal("oidc"),
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
  ...connectionCommon,
});

/** PUT /sso for SAML 2.0 (decision 078). */
export const SamlConnectionInputSchema = z.object({
  protocol: z.literal("saml"),
  saml: SamlSettingsSchema,
  ...connectionCommon,
});

/**
 * PUT /api/orgs/:orgId/sso: the organization's connection to its identity provider, by protocol.
 * OIDC: the client secret is write-only, required the first time, left out to keep the stored one.
 * SAML: the identity provider's metadata (URL or XML); issuer and client fields are not asked.
 */
export const PutSsoConnectionSchema = z.discriminatedUnion(
  "protocol",
  [OidcConnectionInputSchema, SamlConnectionInputSchema],
  {
    error: SSO_MESSAGES.protocolUnsupported,
  },
);
export type PutSsoConnectionInput = z.input<typeof PutSsoConnectionSchema>;

/** A domain of the connection and whether it counts yet; `record` is the TXT record that verifies it. */
export const SsoDomainSchema = z.object({
  domain: z.string(),
  verified: z.boolean(),
  record: z.string(),
});

/**
 * A SAML connection as stored (decision 078): its settings, what the metadata gave, and what the
 * owner registers at the identity provider (Flowdeck's entity id, ACS URL and metadata URL).
 */
export const SamlConnectionDetailsSchema = z.object({
  metadataUrl: z.string().nullable(),
  metadataXml: z.string().nullable(),
  /** The certificate the owner gave (PEM), null when the metadata's is used. */
  certificate: z.string().nullable(),
  emailAttribute: z.string().nullable(),
  nameAttribute: z.string().nullable(),
  /** Found in the metadata. */
  idpEntityId: z.string(),
  ssoUrl: z.string(),
  /** SHA-256 fingerprints (AA:BB:…) of the certificates answers are checked against. */
  certificateFingerprints: z.array(z.string()),
  /** To register at the identity provider. */
  spEntityId: z.string(),
  acsUrl: z.string(),
  spMetadataUrl: z.string(),
});
export type SamlConnectionDetails = z.infer<typeof SamlConnectionDetailsSchema>;

/** GET (and PUT's answer): the connection as stored, never the client secret. */
export const SsoConnectionSchema = z.object({
  protocol: z.enum(SSO_PROTOCOLS),
  /** OIDC: the issuer URL. SAML: the identity provider's entity id (the issuer of its assertions). */
  issuer: z.string(),
  /** OIDC only; empty for SAML. */
  clientId: z.string(),
  /** OIDC only; empty for SAML. */
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
  /** SAML connections only. */
  saml: SamlConnectionDetailsSchema.optional(),
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
  /** SAML: what the metadata gave. */
  idpEntityId: z.string().optional(),
  ssoUrl: z.string().optional(),
  certificateFingerprints: z.array(z.string()).optional(),
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
