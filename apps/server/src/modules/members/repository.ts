import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Role } from "@flowdeck/shared";
import type { Executor } from "../../db/database.ts";
import type { PageWindow } from "../../db/page-number.ts";
import { memberships, organizations, user } from "../../db/schema/index.ts";

export async function insertMembership(db: Executor, values: { organizationId: string; userId: string; role: Role }) {
  await db.insert(memberships).values(values);
}

/** A member as the list shows them: the membership joined with its user. */
const memberColumns = {
  userId: memberships.userId,
  name: user.name,
  email: user.email,
  role: memberships.role,
  joinedAt: memberships.createdAt,
};

export async function listMembers(db: Executor, options: { organizationId: string } & PageWindow) {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(eq(memberships.organizationId, options.organizationId))
    .orderBy(asc(memberships.createdAt), asc(user.email))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db
    .select({ value: count() })
    .from(memberships)
    .where(eq(memberships.organizationId, options.organizationId));
  return { rows, total: total?.value ?? 0 };
}

export async function findMember(db: Executor, keys: { organizationId: string; userId: string }) {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(and(eq(memberships.organizationId, keys.organizationId), eq(memberships.userId, keys.userId)));
  return row;
}

/**
 * Locks the memberships of the given users in one organization, in a fixed order so two
 * transactions locking the same pair never deadlock, and returns their roles as they are now.
 */
export async function lockMemberships(db: Executor, keys: { organizationId: string; userIds: string[] }) {
  const rows = await db
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, keys.organizationId), inArray(memberships.userId, keys.userIds)))
    .orderBy(asc(memberships.userId))
    .for("update");
  return new Map(rows.map((row) => [row.userId, (row.role ?? null) as Role | null]));
}

export async function countOwners(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, "owner")));
  return row?.value ?? 0;
}

export async function updateMemberRole(db: Executor, keys: { organizationId: string; userId: string; role: Role }) {
  await db
    .update(memberships)
    .set({ role: keys.role })
    .where(and(eq(memberships.organizationId, keys.organizationId), eq(memberships.userId, keys.userId)));
}

export async function deleteMembership(db: Executor, keys: { organizationId: string; userId: string }) {
  await db
    .delete(memberships)
    .where(and(eq(memberships.organizationId, keys.organizationId), eq(memberships.userId, keys.userId)));
}

export async function findCurrentOrganizationId(db: Executor, userId: string) {
  const [row] = await db.select({ currentOrgId: user.currentOrgId }).from(user).where(eq(user.id, userId));
  return row?.currentOrgId ?? null;
}

/** The user who created the organization: they stay its owner (spec 6). */
export async function findOrganizationCreator(db: Executor, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ createdBy: organizations.createdBy })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.createdBy ?? null;
}

/** Which of the given users are members of the organization (a workflow's named approvers). */
export async function findMemberIds(db: Executor, keys: { organizationId: string; userIds: readonly string[] }) {
  if (keys.userIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, keys.organizationId), inArray(memberships.userId, [...keys.userIds])));
  return new Set(rows.map((row) => row.userId));
}
