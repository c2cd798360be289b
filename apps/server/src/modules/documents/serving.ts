import type { FastifyReply } from "fastify";
import type { StoredFile } from "./repository.ts";

/** Even if a file were opened in the browser, it could run nothing and load nothing. */
export const FILE_CSP = "sandbox; default-src 'none'";

/**
 * RFC 6266 with RFC 5987's `filename*` for the real (UTF-8) name, and a plain ASCII `filename`
 * for old clients: quotes, backslashes, percent signs and anything outside printable ASCII
 * become "_", so no name can end the header or add a parameter.
 */
export function contentDisposition(kind: "attachment" | "inline", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Text types were checked to be UTF-8 when uploaded; say so, so no browser guesses another. */
function contentType(fileType: string): string {
  return fileType.startsWith("text/") ||
    fileType === "application/json" ||
    fileType === "application/xml" ||
    fileType === "image/svg+xml"
    ? `${fileType}; charset=utf-8`
    : fileType;
}

function fileHeaders(reply: FastifyReply, file: StoredFile, kind: "attachment" | "inline") {
  return reply
    .header("content-type", contentType(file.fileType))
    .header("content-length", file.content.length)
    .header("content-disposition", contentDisposition(kind, file.fileName))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", FILE_CSP);
}

/** Always an attachment, whatever the type: SVG, HTML and XML never render in the app's origin. */
export function sendAttachment(reply: FastifyReply, file: StoredFile) {
  return fileHeaders(reply, file, "attachment").header("cache-control", "private, no-store").send(file.content);
}

/**
 * A document's preview: a thumbnail made on the server (lib/thumbnails.ts), never the original.
 * It may be cached privately but is revalidated each time (ETag), so a deleted document or a lost
 * membership takes effect at once.
 */
export function sendPreview(
  reply: FastifyReply,
  file: StoredFile & { version: number },
  thumbnail: Buffer,
  ifNoneMatch: string | undefined,
) {
  const etag = `"${file.sha256.slice(0, 32)}-${file.version}-thumbnail"`;
  reply.header("etag", etag).header("cache-control", "private, no-cache");
  if (ifNoneMatch === etag) return reply.status(304).send();
  const preview: StoredFile = {
    ...file,
    fileName: `${file.fileName.replace(/\.[^.]*$/, "")}-preview.webp`,
    fileType: "image/webp",
    content: thumbnail,
  };
  return fileHeaders(reply, preview, "inline").send(thumbnail);
}
