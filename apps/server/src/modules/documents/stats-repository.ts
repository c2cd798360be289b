import { and, count, desc, eq, gt, gte, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { documentFiles, documents } from "../../db/schema/index.ts";

/** Which grouping set a row of documentStatistics' grouped read belongs to (SQL's grouping()). */
const BY_CATEGORY = 1; // the extension is not grouped
const BY_EXTENSION = 2; // the category is not grouped
const ALL = 3;

/**
 * Spec 9's figures, computed by the database over every document of the organization: the
 * documents are read once, grouped by category, by extension and all together (grouping sets);
 * the files' sizes and the most downloaded are read beside them, each through its own index.
 */
export async function documentStatistics(db: Executor, organizationId: string, recentSince: Date) {
  const inOrganization = eq(documents.organizationId, organizationId);
  const [groups, [storage], mostDownloaded] = await Promise.all([
    db
      .select({
        set: sql<number>`grouping(${documents.category}, ${documents.fileExtension})`.mapWith(Number),
        category: documents.category,
        extension: documents.fileExtension,
        count: count(),
        recentUploads: sql<number>`(count(*) filter (where ${gte(documents.createdAt, recentSince)}))::int`,
      })
      .from(documents)
      .where(inOrganization)
      .groupBy(sql`grouping sets ((${documents.category}), (${documents.fileExtension}), ())`),
    // Storage used is every stored version, not only the current ones: a new version adds to it.
    db
      .select({
        // float8: exact to 2^53 bytes, and a plain number from both drivers (bigint is a string in pg).
        totalSize: sql<number>`coalesce(sum(${documentFiles.fileSize}), 0)::float8`,
      })
      .from(documentFiles)
      .where(eq(documentFiles.organizationId, organizationId)),
    db
      .select({
        id: documents.id,
        title: documents.title,
        fileName: documents.fileName,
        downloadCount: documents.downloadCount,
      })
      .from(documents)
      .where(and(inOrganization, gt(documents.downloadCount, 0)))
      .orderBy(desc(documents.downloadCount), desc(documents.createdAt))
      .limit(5),
  ]);
  const totals = groups.find((row) => row.set === ALL);
  return {
    total: totals?.count ?? 0,
    totalSize: Number(storage?.totalSize ?? 0),
    recentUploads: totals?.recentUploads ?? 0,
    byCategory: groups.filter((row) => row.set === BY_CATEGORY).map(({ category, count }) => ({ category, count })),
    byExtension: groups.filter((row) => row.set === BY_EXTENSION).map(({ extension, count }) => ({ extension, count })),
    mostDownloaded,
  };
}
