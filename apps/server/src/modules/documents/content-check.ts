import { AppError } from "@flowdeck/shared";
import {
  FILE_FORMATS,
  PLAIN_TEXT,
  fileExtension,
  formatForExtension,
  type ContentRule,
} from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { fileTypeFromBuffer } from "file-type";

/**
 * Decides a file's type from its bytes (spec 5; ARCHITECTURE "Files"). The declared content type
 * is ignored: a browser sends whatever the file name suggests. The extension must name a format
 * of the list and the content must be that format; a name without an extension is accepted when
 * its content is one of the recognisable formats. Returns the type the file is stored and served with.
 */
export async function checkFileContent(fileName: string, bytes: Buffer): Promise<string> {
  const extension = fileExtension(fileName);
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  if (extension) {
    const format = formatForExtension(extension);
    if (format && matches(format.content, detected, bytes)) return format.mime;
    throw unsupported();
  }
  // No extension: only a format that its signature alone identifies. The OLE container is left
  // out, as it holds Windows installers as well as old Office files.
  if (detected) {
    const format = FILE_FORMATS.find(
      (candidate) => candidate.content.kind === "magic" && candidate.content.detected[0] === detected,
    );
    if (format && detected !== "application/x-cfb") return format.mime;
  }
  if (isText(bytes)) return PLAIN_TEXT;
  throw unsupported();
}

function matches(rule: ContentRule, detected: string | undefined, bytes: Buffer): boolean {
  if (rule.kind === "magic") return detected !== undefined && rule.detected.includes(detected);
  if (!isText(bytes)) return false;
  if (rule.shape === "json") return isJson(bytes);
  if (rule.shape === "svg") return /<svg[\s>/]/i.test(bytes.toString("utf8"));
  return true;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Text formats (csv, txt, html, css, json, xml, svg) have no signature. Their bytes must decode
 * as UTF-8 and hold no NUL byte: executables, images and archives never pass this.
 */
export function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function isJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
    return true;
  } catch {
    return false;
  }
}

function unsupported() {
  return new AppError("invalid-argument", DOCUMENT_MESSAGES.fileTypeNotSupported, {
    file: DOCUMENT_MESSAGES.fileTypeNotSupported,
  });
}
