import type { KeysetPage, KeysetQuery } from "@flowdeck/shared";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import {
  afterCursor,
  cappedCountColumn,
  countOf,
  cursorPosition,
  isWholeSearch,
  keysetOrder,
  rememberedBeyondTheCap,
  searchedPageIds,
  searchMatches,
  toCountedKeysetPage,
} from "../../db/keyset.ts";
import { documentFiles, documents, user } from "../../db/schema/index.ts";

/** Who a person is in a list: their display name, else their email. */
const personName = sql<string>`coalesce(nullif(${user.name}, ''), ${user.email})`;

/** Every column a list shows: the metadata only. File contents live in document_files. */
const documentColumns = {
  id: documents.id,
  title: documents.title,
  description: documents.description,
  category: documents.category,
  tags: documents.tags,
  fileName: documents.fileName,
  fileSize: documents.fileSize,
  fileType: documents.fileType,
  version: documents.version,
  downloadCount: documents.downloadCount,
  lastDownloaded: documents.lastDownloaded,
  uploadedById: documents.uploadedBy,
  uploadedByName: personName,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
};

export type DocumentRow = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

export type DocumentFilters = {
  organizationId: string;
  category?: string;
  q?: string;
  uploadedBy?: string;
  tags?: string[];
};

/** `%`, `_` and `\` match themselves in a search, not as LIKE wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

function filterConditions(filters: DocumentFilters): SQL | undefined {
  const conditions: SQL[] = [eq(documents.organizationId, filters.organizationId)];
  if (filters.category) conditions.push(eq(documents.category, filters.category));
  if (filters.uploadedBy) conditions.push(eq(documents.uploadedBy, filters.uploadedBy));
  if (filters.tags?.length) {
    const wanted = filters.tags.map((tag) => sql`${tag.toLowerCase()}`);
    conditions.push(
      sql`exists (select 1 from unnest(${documents.tags}) as t(tag) where lower(t.tag) in (${sql.join(wanted, sql`, `)}))`,
    );
  }
  if (filters.q) {
    // Case-insensitive substring search over the four fields (spec 2), on the server, so it
    // covers every document and not only the page on screen; each has its trigram index (pg_trgm).
    const pattern = likePattern(filters.q);
    conditions.push(
      sql`(${documents.title} ilike ${pattern} or ${documents.description} ilike ${pattern} or ${documents.fileName} ilike ${pattern} or flowdeck_tags_text(${documents.tags}) ilike ${pattern})`,
    );
  }
  return and(...conditions);
}

/** One page, newest first, after the cursor, and the number of matches (capped). */
export async function listDocuments(
  db: Executor,
  filters: DocumentFilters,
  page: KeysetQuery,
): Promise<KeysetPage<DocumentRow>> {
  const where = filterConditions(filters);
  const counting = { table: documents, where, cursor: page.cursor, pageSize: page.pageSize };
  // A search remembered beyond the cap has far more than 1,000 matches: its page is read in order.
  const remembered = rememberedBeyondTheCap(documents, where);
  if (filters.q && !remembered) {
    const searched = await searchedPage(db, where, page);
    if (isWholeSearch(searched, page.cursor)) return toCountedKeysetPage(db, searched, counting);
  }
  const rows = await db
    .select({
      ...documentColumns,
      position: cursorPosition(documents),
      matching: cappedCountColumn(documents, where, remembered),
    })
    .from(documents)
    .leftJoin(user, eq(user.id, documents.uploadedBy))
    .where(and(where, afterCursor(documents, page.cursor)))
    .orderBy(...keysetOrder(documents))
    .limit(page.pageSize + 1);
  return toCountedKeysetPage(db, rows, counting);
}

/** A search's page sorted out of its matches, read once (searchMatches in db/keyset.ts). */
async function searchedPage(db: Executor, where: SQL | undefined, page: KeysetQuery) {
  const matches = searchMatches(db, documents, documents, where);
  const pageIds = searchedPageIds(db, matches, afterCursor(matches, page.cursor), page.pageSize + 1);
  return db
    .with(matches)
    .select({ ...documentColumns, position: cursorPosition(documents), matching: countOf(matches) })
    .from(pageIds)
    .innerJoin(documents, eq(documents.id, pageIds.id))
    .leftJoin(user, eq(user.id, documents.uploadedBy))
    .orderBy(...keysetOrder(documents));
}

export async function findDocument(db: Executor, keys: { organizationId: string; documentId: string }) {
  const [row] = await db
    .select(documentColumns)
    .from(documents)
    .leftJoin(user, eq(user.id, documents.uploadedBy))
    .where(and(eq(documents.organizationId, keys.organizationId), eq(documents.id, keys.documentId)));
  return row;
}

export async function documentExists(db: Executor, keys: { organizationId: string; documentId: string }) {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.organizationId, keys.organizationId), eq(documents.id, keys.documentId)));
  return Boolean(row);
}

/** Every stored version of a document, newest first, without their contents. */
export async function listVersions(db: Executor, keys: { organizationId: string; documentId: string }) {
  return db
    .select({
      version: documentFiles.version,
      fileName: documentFiles.fileName,
      fileSize: documentFiles.fileSize,
      fileType: documentFiles.fileType,
      uploadedById: documentFiles.uploadedBy,
      uploadedByName: personName,
      createdAt: documentFiles.createdAt,
    })
    .from(documentFiles)
    .leftJoin(user, eq(user.id, documentFiles.uploadedBy))
    .where(and(eq(documentFiles.organizationId, keys.organizationId), eq(documentFiles.documentId, keys.documentId)))
    .orderBy(desc(documentFiles.version));
}

export type StoredFile = { fileName: string; fileSize: number; fileType: string; sha256: string; content: Buffer };

export async function insertDocument(
  db: Executor,
  values: {
    organizationId: string;
    title: string;
    description: string;
    category: string;
    tags: string[];
    uploadedBy: string | null;
    file: StoredFile;
  },
): Promise<string> {
  const { file, ...metadata } = values;
  const [row] = await db
    .insert(documents)
    .values({
      ...metadata,
      fileName: file.fileName,
      fileSize: file.fileSize,
      fileType: file.fileType,
      version: 1,
      updatedBy: values.uploadedBy,
    })
    .returning({ id: documents.id });
  if (!row) throw new Error("insert returned no document");
  await insertFile(db, {
    documentId: row.id,
    organizationId: values.organizationId,
    version: 1,
    uploadedBy: values.uploadedBy,
    file,
  });
  return row.id;
}

async function insertFile(
  db: Executor,
  values: { documentId: string; organizationId: string; version: number; uploadedBy: string | null; file: StoredFile },
) {
  const { file, ...keys } = values;
  await db.insert(documentFiles).values({ ...keys, ...file });
}

/**
 * Raises the version by one and makes the new file current; the update's row lock orders
 * concurrent new versions, so each gets its own number. Returns the new version, or undefined.
 */
export async function addVersion(
  db: Executor,
  values: { organizationId: string; documentId: string; uploadedBy: string | null; file: StoredFile },
): Promise<number | undefined> {
  const { file } = values;
  const [row] = await db
    .update(documents)
    .set({
      version: sql`${documents.version} + 1`,
      fileName: file.fileName,
      fileSize: file.fileSize,
      fileType: file.fileType,
      updatedBy: values.uploadedBy,
    })
    .where(and(eq(documents.organizationId, values.organizationId), eq(documents.id, values.documentId)))
    .returning({ version: documents.version });
  if (!row) return undefined;
  await insertFile(db, { ...values, version: row.version });
  return row.version;
}

export async function updateDocument(
  db: Executor,
  keys: { organizationId: string; documentId: string },
  values: { title?: string; description?: string; category?: string; tags?: string[]; updatedBy: string | null },
): Promise<boolean> {
  const rows = await db
    .update(documents)
    .set(values)
    .where(and(eq(documents.organizationId, keys.organizationId), eq(documents.id, keys.documentId)))
    .returning({ id: documents.id });
  return rows.length > 0;
}

/** Deletes the document; its versions go with it (ON DELETE CASCADE). */
export async function deleteDocument(db: Executor, keys: { organizationId: string; documentId: string }) {
  const rows = await db
    .delete(documents)
    .where(and(eq(documents.organizationId, keys.organizationId), eq(documents.id, keys.documentId)))
    .returning({ id: documents.id });
  return rows.length > 0;
}

/**
 * Counts one download in a single UPDATE (download_count = download_count + 1), so concurrent
 * downloads never lose a count. Returns the current version, or undefined for no such document.
 */
export async function recordDownload(
  db: Executor,
  keys: { organizationId: string; documentId: string },
): Promise<number | undefined> {
  const [row] = await db
    .update(documents)
    .set({ downloadCount: sql`${documents.downloadCount} + 1`, lastDownloaded: sql`now()` })
    .where(and(eq(documents.organizationId, keys.organizationId), eq(documents.id, keys.documentId)))
    .returning({ version: documents.version });
  return row?.version;
}

/** The contents of one version: the only query that reads a file's bytes. */
export async function findFile(
  db: Executor,
  keys: { organizationId: string; documentId: string; version: number },
): Promise<StoredFile | undefined> {
  const [row] = await db
    .select({
      fileName: documentFiles.fileName,
      fileSize: documentFiles.fileSize,
      fileType: documentFiles.fileType,
      sha256: documentFiles.sha256,
      content: documentFiles.content,
    })
    .from(documentFiles)
    .where(
      and(
        eq(documentFiles.organizationId, keys.organizationId),
        eq(documentFiles.documentId, keys.documentId),
        eq(documentFiles.version, keys.version),
      ),
    );
  return row;
}

/** The current version's number and type, to decide on a preview without reading the file. */
export async function findCurrentVersion(db: Executor, keys: { organizationId: string; documentId: string }) {
  const [row] = await db
    .select({ version: documents.version, fileType: documents.fileType })
    .from(documents)
    .where(and(eq(documents.organizationId, keys.organizationId), eq(documents.id, keys.documentId)));
  return row;
}
