import { eq } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { memberships, organizations } from "../../db/schema/index.ts";

export async function findTwoFactorRequirement(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ required: organizations.requireTwoFactor })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.required;
}

/** Everyone the requirement applies to: their cached sessions must learn of the change. */
export async function listMemberIds(db: Executor, organizationId: string) {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId));
  return rows.map((row) => row.userId);
}
