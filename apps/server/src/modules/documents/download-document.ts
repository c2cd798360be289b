import { AppError } from "@flowdeck/shared";
import { isPreviewable } from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import type { Database } from "../../db/database.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { findCurrentVersion, findFile, recordDownload, type StoredFile } from "./repository.ts";
import { notFound } from "./service.ts";

/**
 * Spec 4 "Documents": each download raises the count by one and sets last downloaded. The count
 * and the read happen in one transaction, so a download of a document deleted meanwhile counts
 * nothing. Without `version`, the current file.
 */
export async function downloadDocument({
  documentId,
  version,
  ...scope
}: OrgScope & { documentId: string; version?: number }): Promise<StoredFile & { version: number }> {
  const { organizationId } = scope;
  return transact(scope, async (tx, log) => {
    const current = await recordDownload(tx, { organizationId, documentId });
    if (current === undefined) throw notFound();
    const wanted = version ?? current;
    const stored = await findFile(tx, { organizationId, documentId, version: wanted });
    if (!stored) throw new AppError("not-found", DOCUMENT_MESSAGES.versionNotFound);
    log.record({
      action: "document.downloaded",
      entityId: documentId,
      summary: `Downloaded version ${wanted} of a document (${stored.fileName})`,
    });
    return { ...stored, version: wanted };
  });
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
