import { and, asc, eq, sql } from "drizzle-orm";
import type { Role } from "@flowdeck/shared";
import type { Executor } from "../../db/database.ts";
import { memberships, organizations, type NotificationSettings } from "../../db/schema/index.ts";

export async function findMembership(db: Executor, keys: { organizationId: string; userId: string }) {
  const [row] = await db
    .select({ role: memberships.role, requireTwoFactor: organizations.requireTwoFactor })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.organizationId, keys.organizationId), eq(memberships.userId, keys.userId)));
  return row ? { role: (row.role ?? null) as Role | null, requireTwoFactor: row.requireTwoFactor } : undefined;
}

/** Every organization the user belongs to, with their role there (null acts as viewer). */
/** Each organization the user belongs to: their role there and whether it requires two-factor sign-in. */
export async function listSessionMemberships(
  db: Executor,
  userId: string,
): Promise<Array<[string, { role: Role | null; requireTwoFactor: boolean }]>> {
  const rows = await db
    .select({
      organizationId: memberships.organizationId,
      role: memberships.role,
      requireTwoFactor: organizations.requireTwoFactor,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId));
  return rows.map((row) => [
    row.organizationId,
    { role: (row.role ?? null) as Role | null, requireTwoFactor: row.requireTwoFactor },
  ]);
}

export async function listMembershipsOfUser(db: Executor, userId: string) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      domain: organizations.domain,
      credits: organizations.credits,
      role: memberships.role,
      requireTwoFactor: organizations.requireTwoFactor,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(organizations.name));
}

export async function domainExists(db: Executor, domain: string) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(sql`lower(${organizations.domain})`, domain.toLowerCase()));
  return Boolean(row);
}

/** The organization's own row; `startOrganization` writes the rest of a new organization. */
export async function insertOrganization(
  db: Executor,
  values: { name: string; domain: string | null; createdBy: string; credits: number },
) {
  const [organization] = await db
    .insert(organizations)
    .values({ ...values, updatedBy: values.createdBy })
    .returning({ id: organizations.id, name: organizations.name });
  if (!organization) throw new Error("insert returned no organization");
  return organization;
}

/*
 * The organizations row is this module's: other modules change it through the narrow updates
 * below, each one setting and what it records. The credit balance is the credits module's
 * (credits/repository.ts): it moves only with a ledger row, in one conditional statement.
 */

export type OrganizationSettingsValues = {
  name: string;
  timezone: string;
  description?: string | null;
  domain?: string | null;
  website?: string | null;
  industry?: string | null;
  address?: string | null;
  phone?: string | null;
  notifications?: NotificationSettings;
  creditsPerRun?: number;
};

/** Writes the given settings (absent ones stay) and who changed them; updated_at follows. */
export async function updateSettings(
  db: Executor,
  keys: { organizationId: string; userId: string | null },
  changes: OrganizationSettingsValues,
) {
  const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<
    typeof organizations.$inferInsert
  >;
  await db
    .update(organizations)
    .set({ ...values, updatedBy: keys.userId, updatedAt: new Date() })
    .where(eq(organizations.id, keys.organizationId));
}

/** Records who changed the organization (a logo is part of it) and when. */
export async function touchOrganization(db: Executor, keys: { organizationId: string; userId: string | null }) {
  await db
    .update(organizations)
    .set({ updatedBy: keys.userId, updatedAt: new Date() })
    .where(eq(organizations.id, keys.organizationId));
}

/** Hands the creator's place (the owner nobody may demote or remove) to another member. */
export async function setCreator(db: Executor, keys: { organizationId: string; userId: string }) {
  await db
    .update(organizations)
    .set({ createdBy: keys.userId, updatedBy: keys.userId })
    .where(eq(organizations.id, keys.organizationId));
}

export async function setAuditRetentionDays(db: Executor, keys: { organizationId: string; days: number }) {
  await db
    .update(organizations)
    .set({ auditRetentionDays: keys.days })
    .where(eq(organizations.id, keys.organizationId));
}

export async function setTwoFactorRequirement(db: Executor, keys: { organizationId: string; required: boolean }) {
  await db
    .update(organizations)
    .set({ requireTwoFactor: keys.required })
    .where(eq(organizations.id, keys.organizationId));
}

export async function setRunRetention(
  db: Executor,
  keys: { organizationId: string; keepRunsDays: number; maxRunsPerWorkflow: number },
) {
  const { organizationId, ...retention } = keys;
  await db.update(organizations).set(retention).where(eq(organizations.id, organizationId));
}
