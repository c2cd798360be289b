import { generateServiceProviderMetadata, SAML, ValidateInResponseTo, type CacheProvider } from "@node-saml/node-saml";
import { AppError, MESSAGES } from "@flowdeck/shared";
import type { Executor } from "../../../db/database.ts";
import { organizationExists, type ConnectionRow } from "../repository.ts";

/**
 * Flowdeck as a SAML service provider (decision 078). Each organization is a service provider of
 * its own: its entity id (the audience its assertions must name) is its metadata URL, so an
 * assertion its identity provider made for one organization never opens another. The assertion
 * consumer service is one URL for all: the sign-in it answers says which organization.
 */
export const spEntityId = (appUrl: string, organizationId: string) =>
  `${appUrl}/api/auth/sso/saml/${encodeURIComponent(organizationId)}/metadata`;
export const acsUrl = (appUrl: string) => `${appUrl}/api/auth/sso/saml/acs`;

/** How long a started sign-in may take at the identity provider (as for OIDC). */
export const REQUEST_TTL_MS = 10 * 60 * 1000;
/** Clocks of two servers differ a little; more than this is an old (or early) assertion. */
const CLOCK_SKEW_MS = 30_000;

/** The certificates answers are checked against: the owner's when given, else the metadata's. */
export function certificatesOf(connection: ConnectionRow): string[] {
  return connection.samlCertificate ? [connection.samlCertificate] : (connection.samlIdpCertificates ?? []);
}

/**
 * node-saml for one organization's connection. Nothing is signed by us (no private key is kept:
 * AuthnRequests go unsigned over HTTP-Redirect, which identity providers accept by default); an
 * answer must be signed (the response or the assertion) by the connection's certificate, name our
 * entity id as audience, come from the metadata's entity id, be in time, and answer a request of
 * ours (InResponseTo, kept by `requests`).
 */
export function serviceProvider(connection: ConnectionRow, options: { appUrl: string; requests: CacheProvider }): SAML {
  const entityId = spEntityId(options.appUrl, connection.organizationId);
  return new SAML({
    entryPoint: connection.samlSsoUrl ?? undefined,
    issuer: entityId,
    audience: entityId,
    callbackUrl: acsUrl(options.appUrl),
    idpIssuer: connection.issuer,
    idpCert: certificatesOf(connection),
    // Either signature will do: identity providers sign the response, the assertion, or both.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: options.requests,
    // The identity provider picks the NameID format; the address comes from it or an attribute.
    identifierFormat: null,
    // No demand on how people authenticate (password, passkey, MFA): the provider decides.
    disableRequestedAuthnContext: true,
  });
}

/**
 * GET /api/auth/sso/saml/:orgId/metadata: what an owner hands their identity provider, for any
 * organization, before its connection exists (the provider is set up first).
 */
export async function serviceProviderMetadata(db: Executor, appUrl: string, organizationId: string) {
  if (!(await organizationExists(db, organizationId))) throw new AppError("not-found", MESSAGES.notFound);
  return generateServiceProviderMetadata({
    issuer: spEntityId(appUrl, organizationId),
    callbackUrl: acsUrl(appUrl),
    identifierFormat: null,
    wantAssertionsSigned: true,
  });
}
