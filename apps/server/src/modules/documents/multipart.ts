import { createHash } from "node:crypto";
import { AppError, MESSAGES } from "@flowdeck/shared";
import { DOCUMENT_MAX_BYTES } from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import type { FastifyRequest } from "fastify";

/** Busboy's limits for an upload: one file of at most 1 MB and a few short text fields. */
export const UPLOAD_LIMITS = {
  fileSize: DOCUMENT_MAX_BYTES,
  files: 1,
  fields: 8,
  parts: 10,
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  headerPairs: 20,
} as const;

/**
 * The most a whole upload request may carry: the file plus room for the text fields and the
 * multipart framing. A longer Content-Length is refused before a byte of the body is read.
 */
export const MAX_UPLOAD_REQUEST_BYTES = DOCUMENT_MAX_BYTES + 64 * 1024;

/** 413 with the specification's text. The error handler shows a 4xx message as it is. */
export class FileTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(DOCUMENT_MESSAGES.fileTooLarge);
  }
}

export type UploadedFile = { fileName: string; bytes: Buffer };
export type UploadRequest = { file: UploadedFile | undefined; fields: Record<string, string> };

/**
 * Reads a multipart upload: the part named "file" into memory (at most 1 MB: busboy stops
 * counting there and the request is refused) and the text fields as strings.
 */
export async function readUpload(request: FastifyRequest): Promise<UploadRequest> {
  if (Number(request.headers["content-length"] ?? 0) > MAX_UPLOAD_REQUEST_BYTES) throw new FileTooLargeError();
  if (!request.isMultipart()) throw fileRequired();
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.fieldname === "file") file = { fileName: part.filename, bytes };
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated) {
        throw new AppError("invalid-argument", MESSAGES.invalidRequest, { [part.fieldname]: MESSAGES.invalidRequest });
      }
      if (typeof part.value === "string") fields[part.fieldname] = part.value;
    }
  } catch (error) {
    throw translate(error);
  }
  return { file, fields };
}

/** What an upload asks, for its Idempotency-Key's fingerprint: its fields, the file's name and checksum. */
export function uploadFingerprintOf({ file, fields }: UploadRequest) {
  return {
    fields,
    file: file ? { fileName: file.fileName, sha256: createHash("sha256").update(file.bytes).digest("hex") } : null,
  };
}

function translate(error: unknown): unknown {
  switch ((error as { code?: string }).code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new FileTooLargeError();
    case "FST_FILES_LIMIT":
      return new AppError("invalid-argument", DOCUMENT_MESSAGES.onlyOneFile, { file: DOCUMENT_MESSAGES.onlyOneFile });
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
    case "FST_PROTO_VIOLATION":
    case "FST_INVALID_JSON_FIELD_ERROR":
      return new AppError("invalid-argument", MESSAGES.invalidRequest);
    default:
      // Busboy's own complaints about a malformed body carry no status: they are the client's.
      if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === "number") return error;
      return new AppError("invalid-argument", MESSAGES.invalidRequest);
  }
}

function fileRequired() {
  return new AppError("invalid-argument", DOCUMENT_MESSAGES.fileRequired, { file: DOCUMENT_MESSAGES.fileRequired });
}
