import { randomBytes } from "node:crypto";
import { AppError } from "@flowdeck/shared";
import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import {
  verificationRecord,
  type PutSsoConnectionSchema,
  type SamlConnectionDetails,
  type SsoConnection,
  type SsoTestResult,
} from "@flowdeck/shared/sso/schemas";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import type { OutboundClient } from "../../lib/outbound/outbound-client.ts";
import type { ResolveTxt } from "../../lib/resolve-txt.ts";
import { sessionsChanged } from "../../lib/session-cache.ts";
import { sealClientSecret } from "./client-secret.ts";
import { discover, SsoProblem } from "./discovery.ts";
import { fingerprintOf, pemOf, readMetadata, type IdpMetadata } from "./saml/metadata.ts";
import { acsUrl, certificatesOf, spEntityId } from "./saml/service-provider.ts";
import { endSessionsOnNewlyEnforcedDomains } from "./enforcement.ts";
import {
  domainsVerifiedElsewhere,
  findConnection,
  findRegisteredDomain,
  listDomains,
  lockConnection,
  markDomainVerified,
  replaceDomains,
  insertConnection,
  updateConnection,
  type ConnectionRow,
  type DomainRow,
} from "./repository.ts";

/** `appUrl` makes the addresses a SAML owner registers at the identity provider. */
type Scope = { db: Executor; organizationId: string; appUrl: string };
type PutInput = z.output<typeof PutSsoConnectionSchema>;

/** The connection as stored; the routes add the callback URL, which depends on APP_URL alone. */
export type StoredConnection = Omit<SsoConnection, "callbackUrl">;

function samlDetails(row: ConnectionRow, appUrl: string): SamlConnectionDetails {
  const entityId = spEntityId(appUrl, row.organizationId);
  return {
    metadataUrl: row.samlMetadataUrl,
    metadataXml: row.samlMetadataXml,
    certificate: row.samlCertificate,
    emailAttribute: row.samlEmailAttribute,
    nameAttribute: row.samlNameAttribute,
    idpEntityId: row.issuer,
    ssoUrl: row.samlSsoUrl ?? "",
    certificateFingerprints: certificatesOf(row).map(fingerprintOf),
    spEntityId: entityId,
    acsUrl: acsUrl(appUrl),
    spMetadataUrl: entityId,
  };
}

function toConnection(row: ConnectionRow, domains: DomainRow[], appUrl: string): StoredConnection {
  const saml = row.protocol === "saml";
  return {
    protocol: saml ? "saml" : "oidc",
    issuer: row.issuer,
    clientId: row.clientId ?? "",
    scopes: row.scopes,
    domains: domains.map((entry) => entry.domain),
    defaultRole: row.defaultRole === "owner" ? "admin" : row.defaultRole,
    groupClaim: row.groupClaim,
    groupRoles: row.groupRoles.map(({ group, role }) => ({ group, role: role === "owner" ? "admin" : role })),
    enforce: row.enforce,
    hasClientSecret: row.secretCiphertext !== null,
    domainStatus: domains.map((entry) => ({
      domain: entry.domain,
      verified: entry.verifiedAt !== null,
      record: verificationRecord(entry.verificationToken),
    })),
    updatedAt: row.updatedAt.toISOString(),
    ...(saml ? { saml: samlDetails(row, appUrl) } : {}),
  };
}

export async function getConnection({ db, organizationId, appUrl }: Scope): Promise<StoredConnection> {
  const row = await findConnection(db, organizationId);
  if (!row) throw new AppError("not-found", SSO_MESSAGES.notConfigured);
  return toConnection(row, await listDomains(db, organizationId), appUrl);
}

/** What a change shows in the audit log: every field but the secret, which says only that it changed. */
function auditedFields(row: ConnectionRow | undefined, domains: readonly string[]) {
  if (!row) return null;
  const { protocol, issuer, clientId, scopes, defaultRole, groupClaim, groupRoles, enforce } = row;
  const saml = {
    samlMetadataUrl: row.samlMetadataUrl,
    // The XML itself is long: the audit log keeps which certificates it gave.
    samlCertificates: certificatesOf(row).map(fingerprintOf),
    samlEmailAttribute: row.samlEmailAttribute,
    samlNameAttribute: row.samlNameAttribute,
  };
  return {
    protocol,
    issuer,
    clientId,
    scopes,
    domains,
    defaultRole,
    groupClaim,
    groupRoles,
    enforce,
    ...(protocol === "saml" ? saml : {}),
  };
}

/** The protocol's own columns; those of the other protocol are cleared. */
async function protocolFields(
  tx: Executor,
  organizationId: string,
  input: PutInput,
  samlMetadata: { metadata: IdpMetadata; certificate: string | null } | null,
) {
  const samlCleared = {
    samlMetadataUrl: null,
    samlMetadataXml: null,
    samlCertificate: null,
    samlEmailAttribute: null,
    samlNameAttribute: null,
    samlSsoUrl: null,
    samlIdpCertificates: null,
  };
  if (input.protocol === "oidc") {
    const secret =
      input.clientSecret === undefined ? {} : await sealClientSecret(tx, organizationId, input.clientSecret);
    return { issuer: input.issuer, clientId: input.clientId, scopes: input.scopes, ...secret, ...samlCleared };
  }
  const { metadata, certificate } = samlMetadata!;
  return {
    issuer: metadata.entityId,
    clientId: null,
    scopes: [],
    dataKeyId: null,
    secretIv: null,
    secretCiphertext: null,
    secretAuthTag: null,
    samlMetadataUrl: input.saml.metadataUrl ?? null,
    samlMetadataXml: input.saml.metadataXml ?? null,
    samlCertificate: certificate,
    samlEmailAttribute: input.saml.emailAttribute ?? null,
    samlNameAttribute: input.saml.nameAttribute ?? null,
    samlSsoUrl: metadata.ssoUrl,
    samlIdpCertificates: metadata.certificates,
  };
}

/**
 * A SAML connection's metadata and certificate, read before the change is saved (and outside its
 * transaction: a metadata URL may take seconds). What is wrong is a 400 in plain words.
 */
async function samlMetadataOf(outbound: OutboundClient, input: PutInput) {
  if (input.protocol !== "saml") return null;
  const given = input.saml.certificate;
  const certificate = given === undefined ? null : pemOf(given);
  if (given !== undefined && !certificate) throw new AppError("invalid-argument", SSO_MESSAGES.samlCertificateInvalid);
  const metadata = await metadataOrRefusal(outbound, input.saml, certificate !== null);
  return { metadata, certificate };
}

/**
 * The identity provider's metadata, read when the connection is saved (what sign-in uses); a
 * certificate given by the owner stands in for one the metadata lacks. What is wrong is a 400.
 */
async function metadataOrRefusal(
  outbound: OutboundClient,
  saml: Extract<PutInput, { protocol: "saml" }>["saml"],
  hasCertificate: boolean,
): Promise<IdpMetadata> {
  try {
    return await readMetadata(outbound, saml, { certificateRequired: !hasCertificate });
  } catch (error) {
    if (error instanceof SsoProblem) throw new AppError("invalid-argument", error.message);
    throw error;
  }
}

/**
 * PUT: creates or replaces the connection. OIDC: the client secret is sealed, required the first
 * time and kept when left out. SAML: the metadata is read and what it gave is kept for sign-in. A listed domain that is the organization's registered domain, with the
 * owner's address on it, is verified at once; any other waits for its TXT record.
 */
export async function putConnection(
  scope: OrgScope & Scope & { outbound: OutboundClient },
  input: PutInput,
): Promise<StoredConnection> {
  const { organizationId } = scope;
  const samlMetadata = await samlMetadataOf(scope.outbound, input);
  const { connection, endedSessionsOf } = await transact(scope, async (tx, log) => {
    const before = await lockConnection(tx, organizationId);
    const domainRowsBefore = await listDomains(tx, organizationId);
    const domainsBefore = domainRowsBefore.map((entry) => entry.domain);
    if (input.protocol === "oidc" && before?.secretCiphertext == null && input.clientSecret === undefined) {
      throw new AppError("invalid-argument", SSO_MESSAGES.clientSecretRequired);
    }
    const taken = await domainsVerifiedElsewhere(tx, organizationId, input.domains);
    if (taken.length > 0) throw new AppError("aborted", SSO_MESSAGES.domainTaken(taken[0]!));
    const fields = {
      protocol: input.protocol,
      defaultRole: input.defaultRole,
      groupClaim: input.groupClaim,
      groupRoles: input.groupRoles,
      enforce: input.enforce,
      ...(await protocolFields(tx, organizationId, input, samlMetadata)),
    };
    const row = before
      ? await updateConnection(tx, organizationId, fields)
      : await insertConnection(tx, { organizationId, ...fields });
    await replaceDomains(
      tx,
      organizationId,
      input.domains.map((domain) => ({ domain, verificationToken: randomBytes(16).toString("hex") })),
    );
    const registered = await findRegisteredDomain(tx, organizationId);
    const ownerDomain = scope.actor.kind === "user" ? scope.actor.email.split("@")[1]?.toLowerCase() : undefined;
    if (registered && registered === ownerDomain && input.domains.includes(registered)) {
      await markDomainVerified(tx, { organizationId, domain: registered });
    }
    const after = auditedFields(row, input.domains);
    const beforeFields = auditedFields(before, domainsBefore);
    const changes = Object.fromEntries(
      Object.entries(after!)
        .filter(([key, value]) => JSON.stringify(beforeFields?.[key as keyof typeof after]) !== JSON.stringify(value))
        .map(([key, value]) => [key, { before: beforeFields?.[key as keyof typeof after] ?? null, after: value }]),
    );
    const secretNote =
      before && input.protocol === "oidc" && input.clientSecret !== undefined ? ", with a new client secret" : "";
    log.record({
      action: "sso.updated",
      entityId: row.id,
      summary: `${before ? "Changed" : "Set up"} single sign-on through ${row.issuer}${secretNote}`,
      changes: changes as never,
    });
    const domainRows = await listDomains(tx, organizationId);
    const enforcedBefore = before?.enforce ? verifiedNames(domainRowsBefore) : [];
    const newlyEnforced = row.enforce ? verifiedNames(domainRows).filter((name) => !enforcedBefore.includes(name)) : [];
    return {
      connection: toConnection(row, domainRows, scope.appUrl),
      endedSessionsOf: await endSessionsOnNewlyEnforcedDomains(tx, log, organizationId, newlyEnforced),
    };
  });
  await sessionsChanged(scope.events, endedSessionsOf);
  return connection;
}

const verifiedNames = (rows: DomainRow[]) => rows.filter((entry) => entry.verifiedAt).map((entry) => entry.domain);

/** Verifies a domain of the connection by its TXT record (`flowdeck-verification=<token>`). */
export async function verifyDomain(
  scope: OrgScope & Scope & { resolveTxt: ResolveTxt },
  domain: string,
): Promise<StoredConnection> {
  const { organizationId } = scope;
  const entry = (await listDomains(scope.db, organizationId)).find((row) => row.domain === domain);
  if (!entry) throw new AppError("not-found", SSO_MESSAGES.domainNotListed);
  const record = verificationRecord(entry.verificationToken);
  if (!entry.verifiedAt) {
    const records = await scope.resolveTxt(domain).catch(() => [] as string[][]);
    if (!records.some((chunks) => chunks.join("").trim() === record)) {
      throw new AppError("invalid-argument", SSO_MESSAGES.domainNotVerified(domain, record));
    }
    const endedSessionsOf = await transact(scope, async (tx, log) => {
      if ((await domainsVerifiedElsewhere(tx, organizationId, [domain])).length > 0) {
        throw new AppError("aborted", SSO_MESSAGES.domainTaken(domain));
      }
      await markDomainVerified(tx, { organizationId, domain });
      log.record({
        action: "sso.domain_verified",
        entityId: organizationId,
        summary: `Verified the domain ${domain} for single sign-on by its DNS TXT record`,
      });
      // An enforcing connection now covers this domain's members too.
      const enforcing = (await findConnection(tx, organizationId))?.enforce === true;
      return endSessionsOnNewlyEnforcedDomains(tx, log, organizationId, enforcing ? [domain] : []);
    });
    await sessionsChanged(scope.events, endedSessionsOf);
  }
  return getConnection(scope);
}

/** OIDC discovery, or the SAML metadata read again (it may have changed since it was saved). */
async function probe(outbound: OutboundClient, row: ConnectionRow): Promise<SsoTestResult> {
  if (row.protocol === "saml") {
    const settings =
      row.samlMetadataXml !== null ? { metadataXml: row.samlMetadataXml } : { metadataUrl: row.samlMetadataUrl! };
    const metadata = await readMetadata(outbound, settings, { certificateRequired: row.samlCertificate === null });
    const certificates = row.samlCertificate ? [row.samlCertificate] : metadata.certificates;
    return {
      ok: true,
      message: `Found the SAML identity provider ${metadata.entityId}`,
      idpEntityId: metadata.entityId,
      ssoUrl: metadata.ssoUrl,
      certificateFingerprints: certificates.map(fingerprintOf),
    };
  }
  const metadata = await discover(outbound, row.issuer);
  return {
    ok: true,
    message: `Found the OpenID provider ${metadata.issuer}`,
    issuer: metadata.issuer,
    authorizationEndpoint: metadata.authorizationEndpoint,
    tokenEndpoint: metadata.tokenEndpoint,
  };
}

/**
 * Test connection: discovery or the metadata through the outbound client, and what it found or
 * what is wrong. The audit log keeps that it was tried, and its outcome, as a notification rule's
 * test does.
 */
export async function testConnection(scope: OrgScope & { outbound: OutboundClient }): Promise<SsoTestResult> {
  const row = await findConnection(scope.db, scope.organizationId);
  if (!row) throw new AppError("not-found", SSO_MESSAGES.notConfigured);
  let result: SsoTestResult;
  try {
    result = await probe(scope.outbound, row);
  } catch (error) {
    if (!(error instanceof SsoProblem)) throw error;
    result = { ok: false, message: error.message };
  }
  await transact(scope, async (_tx, log) => {
    log.record({
      action: "sso.tested",
      entityId: row.id,
      summary: `Tested single sign-on through ${row.issuer}: ${result.message}`,
    });
  });
  return result;
}
