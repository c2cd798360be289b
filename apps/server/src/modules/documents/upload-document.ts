import { createHash } from "node:crypto";
import { AppError } from "@flowdeck/shared";
import {
  DOCUMENT_MAX_BYTES,
  categoryForFileName,
  fileBaseName,
  sanitizeFileName,
} from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { UploadDocumentFieldsSchema, type DocumentItem } from "@flowdeck/shared/documents/schemas";
import { attributedUserId } from "../../lib/actor.ts";
import type { OrgScope } from "../../lib/change-log.ts";
import { runIdempotent, type Idempotency } from "../../lib/idempotency.ts";
import { checkFileContent } from "./content-check.ts";
import { FileTooLargeError, type UploadRequest, type UploadedFile } from "./multipart.ts";
import { addVersion, insertDocument, type StoredFile } from "./repository.ts";
import { getDocumentItem, notFound } from "./service.ts";

/** A retry with the same Idempotency-Key (and the same file and fields) answers the first upload. */
type UploadOptions = OrgScope & { upload: UploadRequest; idempotency: Idempotency | null };

/**
 * Spec 5 "Document upload": a file and a title are required (the title defaults to the file name
 * without its extension), at most 1 MB, of a listed type checked by content; the category follows
 * the extension unless one is chosen. Version 1, no downloads yet (spec 7).
 */
export async function uploadDocument({ upload, idempotency, ...scope }: UploadOptions): Promise<DocumentItem> {
  const { organizationId, actor } = scope;
  const file = requireFile(upload.file);
  const parsed = UploadDocumentFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) throw invalidFields(parsed.error.issues);
  const stored = await checkFile(file);
  const fields = parsed.data;
  return runIdempotent({
    context: scope,
    idempotency,
    work: async (tx, log) => {
      const title = fields.title ?? (fileBaseName(stored.fileName).trim() || stored.fileName);
      const category = fields.category ?? categoryForFileName(stored.fileName);
      const id = await insertDocument(tx, {
        organizationId,
        title,
        description: fields.description,
        category,
        tags: fields.tags,
        uploadedBy: attributedUserId(actor),
        file: stored,
      });
      log.record({
        action: "document.uploaded",
        entityId: id,
        summary: `Uploaded the document "${title}" (${stored.fileName})`,
        changes: { title: { after: title }, category: { after: category }, file: { after: fileFacts(stored) } },
      });
      return getDocumentItem({ db: tx, organizationId, documentId: id });
    },
  });
}

/** Spec 4 "Documents": a new file raises the version by one; earlier files stay downloadable. */
export async function uploadNewVersion({
  documentId,
  upload,
  idempotency,
  ...scope
}: UploadOptions & { documentId: string }): Promise<DocumentItem> {
  const { organizationId, actor } = scope;
  const stored = await checkFile(requireFile(upload.file));
  return runIdempotent({
    context: scope,
    idempotency,
    work: async (tx, log) => {
      const version = await addVersion(tx, {
        organizationId,
        documentId,
        uploadedBy: attributedUserId(actor),
        file: stored,
      });
      if (version === undefined) throw notFound();
      log.record({
        action: "document.version_uploaded",
        entityId: documentId,
        summary: `Uploaded version ${version} of a document (${stored.fileName})`,
        changes: { version: { before: version - 1, after: version }, file: { after: fileFacts(stored) } },
      });
      return getDocumentItem({ db: tx, organizationId, documentId });
    },
  });
}

/** What the audit log keeps of a file: its name, size and checksum, never its contents. */
function fileFacts(file: StoredFile) {
  return { fileName: file.fileName, fileSize: file.fileSize, fileType: file.fileType, sha256: file.sha256 };
}

function requireFile(file: UploadedFile | undefined): UploadedFile {
  if (!file) throw fileError(DOCUMENT_MESSAGES.fileRequired);
  return file;
}

async function checkFile(file: UploadedFile): Promise<StoredFile> {
  if (file.bytes.length === 0) throw fileError(DOCUMENT_MESSAGES.fileEmpty);
  if (file.bytes.length > DOCUMENT_MAX_BYTES) throw new FileTooLargeError();
  const fileName = sanitizeFileName(file.fileName);
  const fileType = await checkFileContent(fileName, file.bytes);
  return {
    fileName,
    fileSize: file.bytes.length,
    fileType,
    sha256: createHash("sha256").update(file.bytes).digest("hex"),
    content: file.bytes,
  };
}

function fileError(message: string) {
  return new AppError("invalid-argument", message, { file: message });
}

function invalidFields(issues: { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join(".") || "_"] ??= issue.message;
  return new AppError("invalid-argument", issues[0]?.message ?? DOCUMENT_MESSAGES.fileRequired, fields);
}
