import { describe, expect, it } from "vitest";
import {
  categoryForFileName,
  fileBaseName,
  fileClassOf,
  fileExtension,
  formatFileSize,
  isAllowedFileName,
  isPreviewable,
  sanitizeFileName,
} from "./file-types.ts";
import { DocumentListQuerySchema, UploadDocumentFieldsSchema, parseTags } from "./schemas.ts";
import { DOCUMENT_MESSAGES } from "./messages.ts";

describe("file names", () => {
  it.each([
    ["report.pdf", "pdf", "report"],
    ["Q3.Budget.XLSX", "xlsx", "Q3.Budget"],
    ["README", "", "README"],
    [".env", "", ".env"],
    ["trailing.", "", "trailing."],
  ])("%s has extension '%s' and base name '%s'", (name, extension, base) => {
    expect(fileExtension(name)).toBe(extension);
    expect(fileBaseName(name)).toBe(base);
  });

  it.each([
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\me\\secret.txt", "secret.txt"],
    ["a\r\nb.txt", "ab.txt"],
    ["tab\there.txt", "tabhere.txt"],
    ["\u202Egpj.exe", "gpj.exe"],
    ["  ..hidden.txt  ", "hidden.txt"],
    ["name.txt...", "name.txt"],
    ["", "file"],
    ["../", "file"],
    ['quote"d.txt', 'quote"d.txt'],
    ["Cafe\u0301.txt", "Café.txt"],
  ])("cleans %j to %j", (raw, clean) => {
    expect(sanitizeFileName(raw)).toBe(clean);
  });

  it("shortens a long name to 200 characters and keeps its extension", () => {
    const clean = sanitizeFileName(`${"ж".repeat(300)}.pdf`);
    expect([...clean]).toHaveLength(200);
    expect(clean.endsWith(".pdf")).toBe(true);
  });
});

describe("classes, categories and previews", () => {
  it.each([
    ["a.docx", "documents"],
    ["a.csv", "spreadsheets"],
    ["a.pptx", "presentations"],
    ["a.webp", "images"],
    ["a.7z", "archives"],
    ["a.json", "code"],
    ["a.exe", "other"],
    ["README", "other"],
  ])("%s is in the %s class", (name, fileClass) => {
    expect(fileClassOf(name)).toBe(fileClass);
  });

  it("sets the category from the extension, general for the rest", () => {
    expect(categoryForFileName("photo.JPG")).toBe("images");
    expect(categoryForFileName("notes")).toBe("general");
  });

  it("allows listed extensions and names without one, and no others", () => {
    expect(isAllowedFileName("a.pdf")).toBe(true);
    expect(isAllowedFileName("a")).toBe(true);
    expect(isAllowedFileName("a.exe")).toBe(false);
    expect(isAllowedFileName("a.pdf.exe")).toBe(false);
  });

  it("previews only raster images", () => {
    expect(["image/png", "image/jpeg", "image/gif", "image/webp"].every(isPreviewable)).toBe(true);
    expect(["image/svg+xml", "text/html", "application/pdf"].some(isPreviewable)).toBe(false);
  });
});

describe("formatFileSize", () => {
  it.each([
    [0, "0 Bytes"],
    [512, "512 Bytes"],
    [1536, "1.5 KB"],
    [1024 * 1024, "1 MB"],
    [1234567, "1.18 MB"],
  ])("%d bytes read %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe("tags and form fields", () => {
  it("splits on commas, trims, drops blanks and repeats in any case", () => {
    expect(parseTags(" a, ,b,A ,c ")).toEqual(["a", "b", "c"]);
    expect(parseTags(["x, y", "z"])).toEqual(["x", "y", "z"]);
  });

  it("gives the upload's fields their defaults and the spec's texts", () => {
    expect(UploadDocumentFieldsSchema.parse({})).toEqual({ description: "", tags: [] });
    const blank = UploadDocumentFieldsSchema.safeParse({ title: " " });
    expect(blank.error?.issues[0]?.message).toBe(DOCUMENT_MESSAGES.titleRequired);
    expect(UploadDocumentFieldsSchema.parse({ category: "" }).category).toBeUndefined();
  });

  it("treats empty query values as absent", () => {
    const query = DocumentListQuerySchema.parse({ category: "", q: " ", tag: "" });
    expect(query).toMatchObject({ pageSize: 20 });
    expect([query.category, query.q, query.tag, query.cursor]).toEqual([undefined, undefined, undefined, undefined]);
  });
});
