import { DOCUMENT_CATEGORIES, FILE_CLASSES, fileClassOf } from "@flowdeck/shared/documents/file-types";
import { MOST_DOWNLOADED_COUNT, RECENT_UPLOAD_DAYS, type DocumentStats } from "@flowdeck/shared/documents/schemas";
import type { Database } from "../../db/database.ts";
import { documentStatistics } from "./stats-repository.ts";

/** Spec 9: by category and extension class, total size, uploads of the last 7 days, the top 5 downloads. */
export async function getDocumentStatistics({
  db,
  organizationId,
  now = new Date(),
}: {
  db: Database;
  organizationId: string;
  now?: Date;
}): Promise<DocumentStats> {
  const since = new Date(now.getTime() - RECENT_UPLOAD_DAYS * 24 * 60 * 60 * 1000);
  const figures = await documentStatistics(db, organizationId, since);
  const byCategory = Object.fromEntries(
    DOCUMENT_CATEGORIES.map((category) => [category, 0]),
  ) as DocumentStats["byCategory"];
  for (const { category, count } of figures.byCategory) {
    const key = category in byCategory ? (category as keyof typeof byCategory) : "general";
    byCategory[key] += count;
  }
  const byClass = Object.fromEntries(FILE_CLASSES.map((fileClass) => [fileClass, 0])) as DocumentStats["byClass"];
  for (const { extension, count } of figures.byExtension) {
    byClass[fileClassOf(extension ? `file.${extension}` : "file")] += count;
  }
  return {
    total: figures.total,
    totalSize: figures.totalSize,
    recentUploads: figures.recentUploads,
    byCategory,
    byClass,
    mostDownloaded: figures.mostDownloaded.slice(0, MOST_DOWNLOADED_COUNT),
  };
}
