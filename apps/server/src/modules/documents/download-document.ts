import { AppError } from "@flowdeck/shared";
import { isPreviewable } from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import type { Database } from "../../db/database.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import { findCurrentVersion, findFile, recordDownload, type StoredFile } from "./repository.ts";
import { notFound } from "./service.ts";

/**
 * Spec 4 "Documents": each download raises the count by one and sets last downloaded. The count
 * and the read happen in one transaction, so a download of a document deleted meanwhile counts
 * nothing. Without `version`, the current file.
 */
export async function downloadDocument({
  db,
  events,
  organizationId,
  documentId,
  version,
}: {
  db: Database;
  events: EventHub;
  organizationId: string;
  documentId: string;
  version?: number;
}): Promise<StoredFile & { version: number }> {
  const file = await db.transaction(async (tx) => {
    const current = await recordDownload(tx, { organizationId, documentId });
    if (current === undefined) throw notFound();
    const wanted = version ?? current;
    const stored = await findFile(tx, { organizationId, documentId, version: wanted });
    if (!stored) throw new AppError("not-found", DOCUMENT_MESSAGES.versionNotFound);
    return { ...stored, version: wanted };
  });
  await events.publish(organizationId, { entity: "document", id: documentId, action: "updated" });
  return file;
}

/** The current file of a PNG, JPEG, GIF or WebP document, to show inline; no download is counted. */
export async function previewDocument({
  db,
  organizationId,
  documentId,
}: {
  db: Database;
  organizationId: string;
  documentId: string;
}): Promise<StoredFile & { version: number }> {
  const current = await findCurrentVersion(db, { organizationId, documentId });
  if (!current) throw notFound();
  if (!isPreviewable(current.fileType)) throw new AppError("not-found", DOCUMENT_MESSAGES.noPreview);
  const stored = await findFile(db, { organizationId, documentId, version: current.version });
  if (!stored || !isPreviewable(stored.fileType)) throw new AppError("not-found", DOCUMENT_MESSAGES.noPreview);
  return { ...stored, version: current.version };
}
