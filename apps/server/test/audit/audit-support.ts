import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { auditLog } from "../../src/db/schema/index.ts";

/** The organization's audit rows, newest first, read straight from the database. */
export function auditRows(app: FastifyInstance, organizationId: string) {
  return app.db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId)).orderBy(desc(auditLog.id));
}

/** The rows written after `baseline` (a previous auditRows answer). */
export async function rowsSince(app: FastifyInstance, organizationId: string, baseline: { id: number }[]) {
  const last = baseline[0]?.id ?? 0;
  return (await auditRows(app, organizationId)).filter((row) => row.id > last);
}
