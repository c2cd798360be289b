import { AppError, type KeysetPage, type KeysetQuery } from "@flowdeck/shared";
import { DOCUMENT_CATEGORIES, fileClassOf, isPreviewable } from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import type { DocumentDetail, DocumentItem, UpdateDocumentSchema } from "@flowdeck/shared/documents/schemas";
import type { z } from "zod";
import type { Database } from "../../db/database.ts";
import { attributedUserId, type Actor } from "../../lib/actor.ts";
import type { EventHub } from "../../lib/event-hub.ts";
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

type DocumentKeys = { db: Database; organizationId: string; documentId: string };

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
  db,
  events,
  organizationId,
  documentId,
  actor,
  changes,
}: DocumentKeys & {
  events: EventHub;
  actor: Actor;
  changes: z.output<typeof UpdateDocumentSchema>;
}): Promise<DocumentItem> {
  const updated = await db.transaction((tx) =>
    updateDocument(tx, { organizationId, documentId }, { ...changes, updatedBy: attributedUserId(actor) }),
  );
  if (!updated) throw notFound();
  await events.publish(organizationId, { entity: "document", id: documentId, action: "updated" });
  return getDocumentItem({ db, organizationId, documentId });
}

export async function removeDocument({
  db,
  events,
  organizationId,
  documentId,
}: DocumentKeys & { events: EventHub }): Promise<void> {
  const deleted = await db.transaction((tx) => deleteDocument(tx, { organizationId, documentId }));
  if (!deleted) throw notFound();
  await events.publish(organizationId, { entity: "document", id: documentId, action: "deleted" });
}
