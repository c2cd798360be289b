import { and, eq, gt, lt, or } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { pendingRegistrations } from "../../db/schema/index.ts";

/** Registrations waiting for their mailed link (decision 041). */

/** A new request ends the address's earlier links; expired rows of anyone go too. Then the new one. */
export async function replacePendingRegistration(
  tx: Executor,
  values: Omit<typeof pendingRegistrations.$inferInsert, "id" | "createdAt">,
  now: Date,
) {
  await tx
    .delete(pendingRegistrations)
    .where(or(eq(pendingRegistrations.email, values.email), lt(pendingRegistrations.expiresAt, now)));
  await tx.insert(pendingRegistrations).values(values);
}

/** The pending registration a link's token names, while it is valid. */
export async function findPendingRegistration(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.tokenHash, tokenHash), gt(pendingRegistrations.expiresAt, now)));
  return row;
}

/** Ends a pending registration; false when another opening of the link ended it first. */
export async function endPendingRegistration(tx: Executor, id: string) {
  const ended = await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.id, id)).returning();
  return ended.length > 0;
}
