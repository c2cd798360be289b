import { AppError, type KeysetPage, type KeysetQuery } from "@flowdeck/shared";
import { DOCUMENT_CATEGORIES, fileClassOf, isPreviewable } from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import type { DocumentDetail, DocumentItem, UpdateDocumentSchema } from "@flowdeck/shared/documents/schemas";
import type { z } from "zod";
import type { Database, Executor } from "../../db/database.ts";
import { attributedUserId } from "../../lib/actor.ts";
import { changesBetween } from "../../lib/audit-changes.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import {
  deleteDocument,
  documentExists,
  findDocument,
  listDocuments,
  listVersions,
  updateDocument,
  type DocumentFilters,
  type DocumentRow,
} from "./repository.ts";

type DocumentKeys = { db: Executor; organizationId: string; documentId: string };

export function notFound() {
  return new AppError("not-found", DOCUMENT_MESSAGES.notFound);
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function toDocumentItem(row: DocumentRow): DocumentItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: (DOCUMENT_CATEGORIES as readonly string[]).includes(row.category)
      ? (row.category as DocumentItem["category"])
      : "general",
    tags: row.tags,
    fileName: row.fileName,
    fileSize: row.fileSize,
    fileType: row.fileType,
    fileClass: fileClassOf(row.fileName),
    previewable: isPreviewable(row.fileType),
    version: row.version,
    downloadCount: row.downloadCount,
    lastDownloaded: iso(row.lastDownloaded),
    uploadedBy: row.uploadedById ? { id: row.uploadedById, name: row.uploadedByName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listOrganizationDocuments({
  db,
  filters,
  page,
}: {
  db: Database;
  filters: DocumentFilters;
  page: KeysetQuery;
}): Promise<KeysetPage<DocumentItem>> {
  const result = await listDocuments(db, filters, page);
  return { ...result, items: result.items.map(toDocumentItem) };
}

/** The document as a list shows it; 404 when it is not this organization's. */
export async function getDocumentItem({ db, organizationId, documentId }: DocumentKeys): Promise<DocumentItem> {
  const row = await findDocument(db, { organizationId, documentId });
  if (!row) throw notFound();
  return toDocumentItem(row);
}

export async function getDocumentDetail({ db, organizationId, documentId }: DocumentKeys): Promise<DocumentDetail> {
  const item = await getDocumentItem({ db, organizationId, documentId });
  const versions = await listVersions(db, { organizationId, documentId });
  return {
    ...item,
    versions: versions.map((version) => ({
      version: version.version,
      fileName: version.fileName,
      fileSize: version.fileSize,
      fileType: version.fileType,
      uploadedBy: version.uploadedById ? { id: version.uploadedById, name: version.uploadedByName } : null,
      createdAt: version.createdAt.toISOString(),
    })),
  };
}

export async function ensureDocumentExists({ db, organizationId, documentId }: DocumentKeys) {
  if (!(await documentExists(db, { organizationId, documentId }))) throw notFound();
}

export async function updateDocumentMetadata({
  documentId,
  changes,
  ...scope
}: OrgScope & { documentId: string; changes: z.output<typeof UpdateDocumentSchema> }): Promise<DocumentItem> {
  const { db, organizationId, actor } = scope;
  await transact(scope, async (tx, log) => {
    const before = await findDocument(tx, { organizationId, documentId });
    const updated = await updateDocument(
      tx,
      { organizationId, documentId },
      { ...changes, updatedBy: attributedUserId(actor) },
    );
    if (!before || !updated) throw notFound();
    const after = await findDocument(tx, { organizationId, documentId });
    log.record({
      action: "document.updated",
      entityId: documentId,
      summary: `Changed the details of the document "${after?.title ?? before.title}"`,
      changes: changesBetween(before, after, ["title", "description", "category", "tags"]),
    });
  });
  return getDocumentItem({ db, organizationId, documentId });
}

export async function removeDocument({ documentId, ...scope }: OrgScope & { documentId: string }): Promise<void> {
  const { organizationId } = scope;
  await transact(scope, async (tx, log) => {
    const document = await findDocument(tx, { organizationId, documentId });
    const deleted = await deleteDocument(tx, { organizationId, documentId });
    if (!document || !deleted) throw notFound();
    log.record({
      action: "document.deleted",
      entityId: documentId,
      summary: `Deleted the document "${document.title}"`,
    });
  });
}
