import { eq } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { organizations } from "../../db/schema/index.ts";

export async function findTwoFactorRequirement(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ required: organizations.requireTwoFactor })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.required;
}

/** Sets the requirement and answers what it was before. */
export async function setTwoFactorRequirement(db: Executor, organizationId: string, required: boolean) {
  const before = await findTwoFactorRequirement(db, organizationId);
  await db.update(organizations).set({ requireTwoFactor: required }).where(eq(organizations.id, organizationId));
  return before;
}
