import { AppError, MESSAGES } from "@flowdeck/shared";
import { IMAGE_MESSAGES } from "@flowdeck/shared/images/messages";
import { IMAGE_MAX_BYTES } from "@flowdeck/shared/images/rules";
import { versionOf } from "@flowdeck/shared/images/urls";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ImageTooLargeError } from "./images.ts";

// The HTTP side of logos and avatars, shared by the settings and profile routes: reading an
// upload and serving a stored image. Checking and re-encoding is lib/images.ts.

/** The body of an image upload: read by readImageUpload, not by the schema. */
export const ImageUploadBodySchema = z
  .unknown()
  .describe("multipart/form-data: file (a JPEG, PNG, GIF or WebP of at most 500 KB)");
/** A stored image's answer. */
export const ImageBytesSchema = z.instanceof(Buffer).describe("the image's bytes");
/** ?v=: the upload time in the image's URL (see sendImage). */
export const ImageQuerySchema = z.object({ v: z.string().max(32).optional() });

/** Busboy's limits: one file of at most 500 KB; text fields are not used. */
export const IMAGE_UPLOAD_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 20,
} as const;

/** The file plus room for the multipart framing: a longer Content-Length is refused unread. */
const MAX_REQUEST_BYTES = IMAGE_MAX_BYTES + 16 * 1024;

export type ImageUpload = { fileName: string; bytes: Buffer };

/** Reads the multipart part named "file" into memory; busboy stops counting at 500 KB. */
export async function readImageUpload(request: FastifyRequest): Promise<ImageUpload> {
  if (Number(request.headers["content-length"] ?? 0) > MAX_REQUEST_BYTES) throw new ImageTooLargeError();
  if (!request.isMultipart()) throw fileRequired();
  let upload: ImageUpload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === "file") upload = { fileName: part.filename, bytes };
    }
  } catch (error) {
    throw translate(error);
  }
  if (!upload) throw fileRequired();
  return upload;
}

function translate(error: unknown): unknown {
  switch ((error as { code?: string }).code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new ImageTooLargeError();
    case "FST_FILES_LIMIT":
      return new AppError("invalid-argument", IMAGE_MESSAGES.onlyOneFile, { file: IMAGE_MESSAGES.onlyOneFile });
    default:
      // Busboy's complaints about a malformed body carry no status: they are the client's.
      if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === "number") return error;
      return new AppError("invalid-argument", MESSAGES.invalidRequest);
  }
}

function fileRequired() {
  return new AppError("invalid-argument", IMAGE_MESSAGES.fileRequired, { file: IMAGE_MESSAGES.fileRequired });
}

export type StoredImage = { contentType: string; content: Buffer; uploadedAt: Date };

/**
 * Sends a stored logo or avatar inline. Its URL carries the upload time (?v=…): asked for under
 * the current version it may be kept for a year (a new image is a new URL); under any other it
 * is revalidated every time. Never sniffed, never able to run anything.
 */
export function sendImage(
  reply: FastifyReply,
  image: StoredImage,
  request: { version: string | undefined; ifNoneMatch: string | undefined; name: string },
) {
  const version = versionOf(image.uploadedAt);
  const etag = `"${version}-${image.content.length}"`;
  reply
    .header("etag", etag)
    .header("cache-control", request.version === version ? "private, max-age=31536000, immutable" : "private, no-cache")
    .header("x-content-type-options", "nosniff");
  if (request.ifNoneMatch === etag) return reply.status(304).send();
  const extension = image.contentType.split("/")[1] ?? "img";
  return reply
    .header("content-type", image.contentType)
    .header("content-length", image.content.length)
    .header("content-disposition", `inline; filename="${request.name}.${extension}"`)
    .header("content-security-policy", "sandbox; default-src 'none'")
    .send(image.content);
}
