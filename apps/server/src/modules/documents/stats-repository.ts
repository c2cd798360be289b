import { and, count, desc, eq, gt, gte, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { documentFiles, documents } from "../../db/schema/index.ts";

/** Spec 9's figures, computed by the database over every document of the organization. */
export async function documentStatistics(db: Executor, organizationId: string, recentSince: Date) {
  const inOrganization = eq(documents.organizationId, organizationId);
  const [totals] = await db
    .select({
      total: count(),
      recentUploads: sql<number>`(count(*) filter (where ${gte(documents.createdAt, recentSince)}))::int`,
    })
    .from(documents)
    .where(inOrganization);
  // Storage used is every stored version, not only the current ones: a new version adds to it.
  const [storage] = await db
    .select({
      // float8: exact to 2^53 bytes, and a plain number from both drivers (bigint is a string in pg).
      totalSize: sql<number>`coalesce(sum(${documentFiles.fileSize}), 0)::float8`,
    })
    .from(documentFiles)
    .where(eq(documentFiles.organizationId, organizationId));
  const byCategory = await db
    .select({ category: documents.category, count: count() })
    .from(documents)
    .where(inOrganization)
    .groupBy(documents.category);
  // Grouped by extension in the database; the few extensions are mapped to classes in code.
  const extension = sql<string>`lower(coalesce(substring(${documents.fileName} from '\\.([^.]+)$'), ''))`;
  const byExtension = await db
    .select({ extension, count: count() })
    .from(documents)
    .where(inOrganization)
    .groupBy(extension);
  const mostDownloaded = await db
    .select({
      id: documents.id,
      title: documents.title,
      fileName: documents.fileName,
      downloadCount: documents.downloadCount,
    })
    .from(documents)
    .where(and(inOrganization, gt(documents.downloadCount, 0)))
    .orderBy(desc(documents.downloadCount), desc(documents.createdAt))
    .limit(5);
  return {
    total: totals?.total ?? 0,
    totalSize: Number(storage?.totalSize ?? 0),
    recentUploads: Number(totals?.recentUploads ?? 0),
    byCategory,
    byExtension,
    mostDownloaded,
  };
}
