import { eq } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { user } from "../../db/schema/index.ts";

/**
 * The users table, for the modules that change a user's own row beside their own tables
 * (better-auth owns the rest of it).
 */
export async function setCurrentOrganization(db: Executor, values: { userId: string; organizationId: string | null }) {
  await db.update(user).set({ currentOrgId: values.organizationId }).where(eq(user.id, values.userId));
}
