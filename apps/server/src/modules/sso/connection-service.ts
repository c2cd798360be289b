import { randomBytes } from "node:crypto";
import { AppError } from "@flowdeck/shared";
import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import {
  verificationRecord,
  type PutSsoConnectionSchema,
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

type Scope = { db: Executor; organizationId: string };

/** The connection as stored; the routes add the callback URL, which depends on APP_URL alone. */
export type StoredConnection = Omit<SsoConnection, "callbackUrl">;

function toConnection(row: ConnectionRow, domains: DomainRow[]): StoredConnection {
  return {
    protocol: "oidc",
    issuer: row.issuer,
    clientId: row.clientId,
    scopes: row.scopes,
    domains: domains.map((entry) => entry.domain),
    defaultRole: row.defaultRole === "owner" ? "admin" : row.defaultRole,
    groupClaim: row.groupClaim,
    groupRoles: row.groupRoles.map(({ group, role }) => ({ group, role: role === "owner" ? "admin" : role })),
    enforce: row.enforce,
    hasClientSecret: true,
    domainStatus: domains.map((entry) => ({
      domain: entry.domain,
      verified: entry.verifiedAt !== null,
      record: verificationRecord(entry.verificationToken),
    })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getConnection({ db, organizationId }: Scope): Promise<StoredConnection> {
  const row = await findConnection(db, organizationId);
  if (!row) throw new AppError("not-found", SSO_MESSAGES.notConfigured);
  return toConnection(row, await listDomains(db, organizationId));
}

/** What a change shows in the audit log: every field but the secret, which says only that it changed. */
function auditedFields(row: ConnectionRow | undefined, domains: readonly string[]) {
  if (!row) return null;
  const { issuer, clientId, scopes, defaultRole, groupClaim, groupRoles, enforce } = row;
  return { issuer, clientId, scopes, domains, defaultRole, groupClaim, groupRoles, enforce };
}

/**
 * PUT: creates or replaces the connection. The client secret is sealed, required the first time
 * and kept when left out. A listed domain that is the organization's registered domain, with the
 * owner's address on it, is verified at once; any other waits for its TXT record.
 */
export async function putConnection(
  scope: OrgScope,
  input: z.output<typeof PutSsoConnectionSchema>,
): Promise<StoredConnection> {
  const { organizationId } = scope;
  const { connection, endedSessionsOf } = await transact(scope, async (tx, log) => {
    const before = await lockConnection(tx, organizationId);
    const domainRowsBefore = await listDomains(tx, organizationId);
    const domainsBefore = domainRowsBefore.map((entry) => entry.domain);
    if (!before && input.clientSecret === undefined) {
      throw new AppError("invalid-argument", SSO_MESSAGES.clientSecretRequired);
    }
    const taken = await domainsVerifiedElsewhere(tx, organizationId, input.domains);
    if (taken.length > 0) throw new AppError("aborted", SSO_MESSAGES.domainTaken(taken[0]!));
    const fields = {
      protocol: input.protocol,
      issuer: input.issuer,
      clientId: input.clientId,
      scopes: input.scopes,
      defaultRole: input.defaultRole,
      groupClaim: input.groupClaim,
      groupRoles: input.groupRoles,
      enforce: input.enforce,
    };
    const secret =
      input.clientSecret === undefined ? null : await sealClientSecret(tx, organizationId, input.clientSecret);
    const row = before
      ? await updateConnection(tx, organizationId, { ...fields, ...secret })
      : await insertConnection(tx, { organizationId, ...fields, ...secret! });
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
    const secretNote = before && input.clientSecret !== undefined ? ", with a new client secret" : "";
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
      connection: toConnection(row, domainRows),
      endedSessionsOf: await endSessionsOnNewlyEnforcedDomains(tx, log, organizationId, newlyEnforced),
    };
  });
  await sessionsChanged(scope.events, endedSessionsOf);
  return connection;
}

const verifiedNames = (rows: DomainRow[]) => rows.filter((entry) => entry.verifiedAt).map((entry) => entry.domain);

/** Verifies a domain of the connection by its TXT record (`flowdeck-verification=<token>`). */
export async function verifyDomain(
  scope: OrgScope & { resolveTxt: ResolveTxt },
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

/**
 * Test connection: discovery through the outbound client, and what it found or what is wrong.
 * The audit log keeps that it was tried, and its outcome, as a notification rule's test does.
 */
export async function testConnection(scope: OrgScope & { outbound: OutboundClient }): Promise<SsoTestResult> {
  const row = await findConnection(scope.db, scope.organizationId);
  if (!row) throw new AppError("not-found", SSO_MESSAGES.notConfigured);
  let result: SsoTestResult;
  try {
    const metadata = await discover(scope.outbound, row.issuer);
    result = {
      ok: true,
      message: `Found the OpenID provider ${metadata.issuer}`,
      issuer: metadata.issuer,
      authorizationEndpoint: metadata.authorizationEndpoint,
      tokenEndpoint: metadata.tokenEndpoint,
    };
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
