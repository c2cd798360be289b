import { and, asc, eq, sql } from "drizzle-orm";
import type { Role } from "@flowdeck/shared";
import type { Executor } from "../../db/database.ts";
import { memberships, organizations } from "../../db/schema/index.ts";

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
