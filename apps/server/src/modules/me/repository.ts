import { and, eq, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Role } from "@flowdeck/shared";
import type { Executor } from "../../db/database.ts";
import { preparedStatements } from "../../db/prepared.ts";
import { memberships, organizationLogos, organizations, user, userAvatars } from "../../db/schema/index.ts";

/*
 * GET /api/me reads across modules (the user, their avatar, their memberships, each organization
 * and its logo) and writes nothing: it is a read model of its own, so no module reaches into
 * another's to build it.
 */

/** An image's version in its URL: the upload time in whole milliseconds, as the driver reads it. */
const uploadedAtMs = (column: PgColumn) => sql`floor(extract(epoch from ${column}) * 1000)`;

/**
 * What GET /api/me shows, in one prepared statement: the user, their avatar's version, and each
 * organization they belong to with their role and its logo's version, oldest membership first.
 */
const meStatement = preparedStatements((db, _shape: "me") => {
  const organizationsOfUser = sql<MeOrganizationRow[]>`coalesce((
    select json_agg(json_build_object(
      'id', ${organizations.id}, 'name', ${organizations.name}, 'domain', ${organizations.domain},
      'credits', ${organizations.credits}, 'role', ${memberships.role},
      'requireTwoFactor', ${organizations.requireTwoFactor},
      'logoUploadedAt', ${uploadedAtMs(organizationLogos.uploadedAt)}
    ) order by ${memberships.createdAt}, ${organizations.name})
    from ${memberships}
    join ${organizations} on ${organizations.id} = ${memberships.organizationId}
    left join ${organizationLogos} on ${organizationLogos.organizationId} = ${organizations.id}
    where ${memberships.userId} = ${user.id}
  ), '[]'::json)`;
  return db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      currentOrgId: user.currentOrgId,
      twoFactorEnabled: user.twoFactorEnabled,
      avatarUploadedAt: sql<number | null>`${uploadedAtMs(userAvatars.uploadedAt)}`.mapWith(Number),
      organizations: organizationsOfUser,
    })
    .from(user)
    .leftJoin(userAvatars, eq(userAvatars.userId, user.id))
    .where(eq(user.id, sql.placeholder("userId")))
    .prepare("me");
});

export async function findMe(db: Executor, userId: string) {
  const [row] = await meStatement(db, "me").execute({ userId });
  return row;
}

type MeOrganizationRow = {
  id: string;
  name: string;
  domain: string | null;
  credits: number;
  role: Role | null;
  requireTwoFactor: boolean;
  logoUploadedAt: number | null;
};

/** The user's current organization and their role in it; undefined without one they belong to. */
export async function findCurrentMembership(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, role: memberships.role })
    .from(user)
    .innerJoin(memberships, and(eq(memberships.userId, user.id), eq(memberships.organizationId, user.currentOrgId)))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(user.id, userId));
  return row;
}

/** An organization's id and name (an API token's organization). */
export async function findOrganizationSummary(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}
