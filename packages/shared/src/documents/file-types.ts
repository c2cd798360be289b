/**
 * The file formats a document may have (spec 5 "Document upload"), how each is recognised in the
 * file's bytes, and the extension classes of the statistics (spec 9). The server decides a file's
 * type from its content; the web app uses the same table for early, friendly checks.
 */

/** 1 MB, exactly (spec 9). A file of this size is accepted; one byte more is refused. */
export const DOCUMENT_MAX_BYTES = 1024 * 1024;

/** Spec 3 "document" categories; the first is the default. */
export const DOCUMENT_CATEGORIES = [
  "general",
  "documents",
  "spreadsheets",
  "presentations",
  "images",
  "archives",
  "code",
  "policies",
  "reports",
  "templates",
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** Spec 9: statistics classify files by extension into these, and "other" for the rest. */
export const FILE_CLASSES = [
  "documents",
  "spreadsheets",
  "presentations",
  "images",
  "archives",
  "code",
  "other",
] as const;
export type FileClass = (typeof FILE_CLASSES)[number];

/**
 * How the server recognises a format: "magic" formats by the signature that file-type reports
 * (any of `detected`); "text" formats have no reliable signature, so their bytes must be UTF-8
 * text without NUL bytes, plus a light check of the format itself where one exists.
 */
export type ContentRule = { kind: "magic"; detected: readonly string[] } | { kind: "text"; shape?: "json" | "svg" };

export type FileFormat = {
  extensions: readonly string[];
  /** The content type it is stored and served with. */
  mime: string;
  fileClass: Exclude<FileClass, "other">;
  content: ContentRule;
};

const ZIP = "application/zip";
const CFB = "application/x-cfb"; // the OLE container of .doc, .xls and .ppt (and of .msi: never alone)
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

const magic = (...detected: string[]): ContentRule => ({ kind: "magic", detected });
const text = (shape?: "json" | "svg"): ContentRule => ({ kind: "text", shape });

/** Spec 5's list, in its order. Office Open XML files are zip archives, so a plain zip signature is enough. */
export const FILE_FORMATS: readonly FileFormat[] = [
  { extensions: ["pdf"], mime: "application/pdf", fileClass: "documents", content: magic("application/pdf") },
  { extensions: ["doc"], mime: "application/msword", fileClass: "documents", content: magic(CFB) },
  { extensions: ["docx"], mime: DOCX, fileClass: "documents", content: magic(DOCX, ZIP) },
  { extensions: ["txt", "text", "md", "log"], mime: "text/plain", fileClass: "documents", content: text() },
  { extensions: ["rtf"], mime: "application/rtf", fileClass: "documents", content: magic("application/rtf") },
  { extensions: ["xls"], mime: "application/vnd.ms-excel", fileClass: "spreadsheets", content: magic(CFB) },
  { extensions: ["xlsx"], mime: XLSX, fileClass: "spreadsheets", content: magic(XLSX, ZIP) },
  { extensions: ["csv"], mime: "text/csv", fileClass: "spreadsheets", content: text() },
  { extensions: ["ppt"], mime: "application/vnd.ms-powerpoint", fileClass: "presentations", content: magic(CFB) },
  { extensions: ["pptx"], mime: PPTX, fileClass: "presentations", content: magic(PPTX, ZIP) },
  { extensions: ["jpg", "jpeg"], mime: "image/jpeg", fileClass: "images", content: magic("image/jpeg") },
  { extensions: ["png"], mime: "image/png", fileClass: "images", content: magic("image/png") },
  { extensions: ["gif"], mime: "image/gif", fileClass: "images", content: magic("image/gif") },
  { extensions: ["svg"], mime: "image/svg+xml", fileClass: "images", content: text("svg") },
  { extensions: ["webp"], mime: "image/webp", fileClass: "images", content: magic("image/webp") },
  { extensions: ["zip"], mime: ZIP, fileClass: "archives", content: magic(ZIP, DOCX, XLSX, PPTX) },
  {
    extensions: ["rar"],
    mime: "application/vnd.rar",
    fileClass: "archives",
    content: magic("application/x-rar-compressed", "application/vnd.rar"),
  },
  {
    extensions: ["7z"],
    mime: "application/x-7z-compressed",
    fileClass: "archives",
    content: magic("application/x-7z-compressed"),
  },
  { extensions: ["html", "htm"], mime: "text/html", fileClass: "code", content: text() },
  { extensions: ["css"], mime: "text/css", fileClass: "code", content: text() },
  { extensions: ["json"], mime: "application/json", fileClass: "code", content: text("json") },
  { extensions: ["xml"], mime: "application/xml", fileClass: "code", content: text() },
];

/** A file with no extension whose bytes are text is stored as plain text. */
export const PLAIN_TEXT = "text/plain";

/** Only these are ever shown inline (as an <img>); every other type is download-only. */
export const PREVIEWABLE_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/** What the file picker offers; the server still checks every file's content. */
export const ACCEPTED_EXTENSIONS = FILE_FORMATS.flatMap((format) => format.extensions.map((ext) => `.${ext}`));

/** The lowercase extension after the last dot, or "" (a leading dot alone starts a name, as in ".env"). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : "";
}

/** The file name without its extension: the default title (spec 5). */
export function fileBaseName(fileName: string): string {
  const extension = fileExtension(fileName);
  return extension ? fileName.slice(0, -(extension.length + 1)) : fileName;
}

export function formatForExtension(extension: string): FileFormat | undefined {
  return FILE_FORMATS.find((format) => format.extensions.includes(extension));
}

/** Spec 9's extension classes. */
export function fileClassOf(fileName: string): FileClass {
  return formatForExtension(fileExtension(fileName))?.fileClass ?? "other";
}

/** Spec 5: the category follows the extension; its classes are also category names. */
export function categoryForFileName(fileName: string): DocumentCategory {
  const fileClass = fileClassOf(fileName);
  return fileClass === "other" ? "general" : fileClass;
}

/** False only for an extension outside the list; a name without one is left to the content check. */
export function isAllowedFileName(fileName: string): boolean {
  const extension = fileExtension(fileName);
  return extension === "" || formatForExtension(extension) !== undefined;
}

export function isPreviewable(fileType: string): boolean {
  return PREVIEWABLE_TYPES.includes(fileType);
}

const MAX_FILE_NAME_LENGTH = 200;
// C0 and C1 controls (CR and LF among them) and the bidirectional overrides that can make
// "gpj.exe" display as "exe.jpg".
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name that is safe to store and show: no directory part (so "../../etc/passwd" is just
 * "passwd"), no control or bidi characters, no leading dots, at most 200 characters with the
 * extension kept. Unicode letters stay; quotes stay too (headers encode them, React escapes them).
 */
export function sanitizeFileName(raw: string): string {
  const lastPart = raw.normalize("NFC").split(/[/\\]/).pop() ?? "";
  let name = lastPart
    .replace(UNSAFE_CHARACTERS, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "");
  if (!name) return "file";
  if ([...name].length > MAX_FILE_NAME_LENGTH) {
    const extension = fileExtension(name);
    const keep = extension ? extension.length + 1 : 0;
    name = `${[...fileBaseName(name)].slice(0, MAX_FILE_NAME_LENGTH - keep).join("")}${extension ? `.${extension}` : ""}`;
  }
  return name;
}

const UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/** Spec 3 "formattedFileSize": 0 Bytes, 512 Bytes, 1.5 KB, 1 MB. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  return `${Number.parseFloat((bytes / 1024 ** unit).toFixed(2))} ${UNITS[unit]}`;
}
