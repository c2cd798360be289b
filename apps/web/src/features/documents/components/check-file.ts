import { DOCUMENT_MAX_BYTES, isAllowedFileName } from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";

/**
 * The checks the browser can make before sending (spec 5): size and extension. The server
 * decides the type from the content; its answer is shown the same way.
 */
export function checkSelectedFile(file: File | null): string | undefined {
  if (!file) return DOCUMENT_MESSAGES.fileRequired;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_MESSAGES.fileTooLarge;
  if (file.size === 0) return DOCUMENT_MESSAGES.fileEmpty;
  if (!isAllowedFileName(file.name)) return DOCUMENT_MESSAGES.fileTypeNotSupported;
  return undefined;
}
