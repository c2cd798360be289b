import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import {
  memberships,
  organizations,
  secretDataKeys,
  session,
  ssoConnections,
  ssoDomains,
  ssoIdentities,
  ssoSignInStates,
  user,
} from "../../db/schema/index.ts";

/** The one reader and writer of the single sign-on tables (decision 075). */

export type ConnectionRow = typeof ssoConnections.$inferSelect;
export type DomainRow = typeof ssoDomains.$inferSelect;

export async function findConnection(db: Executor, organizationId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.organizationId, organizationId));
  return row;
}

export async function lockConnection(db: Executor, organizationId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.organizationId, organizationId))
    .for("update");
  return row;
}

export async function insertConnection(db: Executor, values: typeof ssoConnections.$inferInsert) {
  const [row] = await db.insert(ssoConnections).values(values).returning();
  return row!;
}

export async function updateConnection(
  db: Executor,
  organizationId: string,
  changes: Partial<Omit<typeof ssoConnections.$inferInsert, "id" | "organizationId">>,
) {
  const [row] = await db
    .update(ssoConnections)
    .set(changes)
    .where(eq(ssoConnections.organizationId, organizationId))
    .returning();
  return row!;
}

/** The connection's client secret as sealed, with the data key that sealed it. */
export async function findSealedClientSecret(db: Executor, organizationId: string) {
  const [row] = await db
    .select({
      iv: ssoConnections.secretIv,
      ciphertext: ssoConnections.secretCiphertext,
      tag: ssoConnections.secretAuthTag,
      dataKey: secretDataKeys,
    })
    .from(ssoConnections)
    .innerJoin(secretDataKeys, eq(secretDataKeys.id, ssoConnections.dataKeyId))
    .where(eq(ssoConnections.organizationId, organizationId));
  return row;
}

export async function listDomains(db: Executor, organizationId: string): Promise<DomainRow[]> {
  return db.select().from(ssoDomains).where(eq(ssoDomains.organizationId, organizationId)).orderBy(ssoDomains.domain);
}

/** Keeps exactly `domains` for the organization: new ones get a token, those left out go. */
export async function replaceDomains(
  db: Executor,
  organizationId: string,
  domains: ReadonlyArray<{ domain: string; verificationToken: string }>,
) {
  const names = domains.map((entry) => entry.domain);
  await db
    .delete(ssoDomains)
    .where(
      names.length > 0
        ? and(eq(ssoDomains.organizationId, organizationId), notInArray(ssoDomains.domain, names))
        : eq(ssoDomains.organizationId, organizationId),
    );
  if (domains.length === 0) return;
  await db
    .insert(ssoDomains)
    .values(domains.map((entry) => ({ organizationId, ...entry })))
    .onConflictDoNothing({ target: [ssoDomains.organizationId, ssoDomains.domain] });
}

export async function markDomainVerified(db: Executor, keys: { organizationId: string; domain: string }) {
  await db
    .update(ssoDomains)
    .set({ verifiedAt: new Date() })
    .where(and(eq(ssoDomains.organizationId, keys.organizationId), eq(ssoDomains.domain, keys.domain)));
}

/** Which of `domains` another organization has verified already. */
export async function domainsVerifiedElsewhere(db: Executor, organizationId: string, domains: readonly string[]) {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(
      and(
        inArray(ssoDomains.domain, [...domains]),
        isNotNull(ssoDomains.verifiedAt),
        ne(ssoDomains.organizationId, organizationId),
      ),
    );
  return rows.map((row) => row.domain);
}

/** The organization's registered domain (organizations.domain), lowercase, or null. */
export async function findRegisteredDomain(db: Executor, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ domain: organizations.domain })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.domain ?? null;
}

export async function organizationExists(db: Executor, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row !== undefined;
}

/** The connection that signs in addresses of a verified domain, if one does. */
export async function findConnectionForVerifiedDomain(db: Executor, domain: string) {
  const [row] = await db
    .select({ connection: ssoConnections })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.organizationId, ssoDomains.organizationId))
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
  return row?.connection;
}

/** Whether any organization's connection has a verified domain: someone could sign in through it. */
export async function anyVerifiedDomain(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.organizationId, ssoDomains.organizationId))
    .where(isNotNull(ssoDomains.verifiedAt))
    .limit(1);
  return row !== undefined;
}

export async function insertSignInState(db: Executor, values: typeof ssoSignInStates.$inferInsert) {
  // Old states that were never used go as new ones come: the table stays small without a job.
  await db.delete(ssoSignInStates).where(lt(ssoSignInStates.expiresAt, new Date()));
  await db.insert(ssoSignInStates).values(values);
}

/** The sign-in of this state, deleted as it is read: a state works once, and not after it expired. */
export async function consumeSignInState(db: Executor, stateHash: string) {
  const [row] = await db
    .delete(ssoSignInStates)
    .where(and(eq(ssoSignInStates.stateHash, stateHash), gt(ssoSignInStates.expiresAt, new Date())))
    .returning();
  return row;
}

export async function findIdentityUser(
  db: Executor,
  keys: { organizationId: string; issuer: string; subject: string },
) {
  const [row] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(
      and(
        eq(ssoIdentities.organizationId, keys.organizationId),
        eq(ssoIdentities.issuer, keys.issuer),
        eq(ssoIdentities.subject, keys.subject),
      ),
    );
  return row?.userId;
}

export async function insertIdentity(
  db: Executor,
  values: { organizationId: string; issuer: string; subject: string; userId: string },
) {
  await db.insert(ssoIdentities).values(values).onConflictDoNothing();
}

/** A person made on their first sign-in through the provider: no password, the address verified by it. */
export async function insertSsoUser(db: Executor, values: { id: string; email: string; name: string }) {
  await db.insert(user).values({ ...values, email: values.email.toLowerCase(), emailVerified: true });
}

export async function setCurrentOrganizationIfNone(db: Executor, keys: { userId: string; organizationId: string }) {
  await db
    .update(user)
    .set({ currentOrgId: keys.organizationId })
    .where(and(eq(user.id, keys.userId), isNull(user.currentOrgId)));
}

/**
 * The membership that makes this address sign in through single sign-on: in the organization that
 * verified the address's domain, when its connection enforces it (decision 077). A domain is
 * verified for one organization at most, so there is one such membership at most.
 */
export async function findEnforcingMembership(db: Executor, email: string) {
  const address = email.trim().toLowerCase();
  const domain = address.split("@")[1] ?? "";
  const [row] = await db
    .select({
      organizationId: ssoDomains.organizationId,
      organizationName: organizations.name,
      issuer: ssoConnections.issuer,
      userId: user.id,
      email: user.email,
      name: user.name,
      role: memberships.role,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.organizationId, ssoDomains.organizationId))
    .innerJoin(organizations, eq(organizations.id, ssoDomains.organizationId))
    .innerJoin(memberships, eq(memberships.organizationId, ssoDomains.organizationId))
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(
      and(
        eq(ssoDomains.domain, domain),
        isNotNull(ssoDomains.verifiedAt),
        eq(ssoConnections.enforce, true),
        eq(user.email, address),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Deletes the sessions of the organization's members whose address is on one of `domains`, but
 * not its owner's; answers whose sessions they were (each person once).
 */
export async function deleteMemberSessionsOnDomains(db: Executor, organizationId: string, domains: readonly string[]) {
  if (domains.length === 0) return [];
  const people = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        sql`coalesce(${memberships.role}, 'viewer') <> 'owner'`,
        inArray(sql`split_part(${user.email}, '@', 2)`, [...domains]),
      ),
    );
  const userIds = people.map((row) => row.userId);
  if (userIds.length === 0) return [];
  const ended = await db.delete(session).where(inArray(session.userId, userIds)).returning({ userId: session.userId });
  return [...new Set(ended.map((row) => row.userId))];
}

/** The addresses of these people. */
export async function listAddresses(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .where(inArray(user.id, [...userIds]));
  return rows.map((row) => row.email);
}
