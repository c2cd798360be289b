import { and, asc, count, eq } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { freezeWindows } from "../../db/schema/index.ts";

/** The one reader and writer of `freeze_windows`. */

export type FreezeWindowRow = typeof freezeWindows.$inferSelect;

export async function listFreezeWindowRows(db: Executor, organizationId: string): Promise<FreezeWindowRow[]> {
  return db
    .select()
    .from(freezeWindows)
    .where(eq(freezeWindows.organizationId, organizationId))
    .orderBy(asc(freezeWindows.createdAt), asc(freezeWindows.id));
}

export async function countFreezeWindows(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(freezeWindows)
    .where(eq(freezeWindows.organizationId, organizationId));
  return row?.total ?? 0;
}

export async function insertFreezeWindow(db: Executor, values: typeof freezeWindows.$inferInsert) {
  const [row] = await db.insert(freezeWindows).values(values).returning();
  return row!;
}

export async function deleteFreezeWindowRow(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .delete(freezeWindows)
    .where(and(eq(freezeWindows.organizationId, organizationId), eq(freezeWindows.id, id)))
    .returning();
  return row;
}
