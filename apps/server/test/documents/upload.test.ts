import { DOCUMENT_MAX_BYTES } from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentFiles, documents } from "../../src/db/schema/index.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { getFile } from "../helpers/get-file.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { HTML_PAGE, allowedFixtures, executable, image, pdf, zip } from "./fixtures.ts";
import { documentsUrl, upload, uploadOk } from "./requests.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const editor = () => org.users.editor.client;

function expectRefused(response: { status: number; body: any }, message: string, status = 400) {
  expect(response.status).toBe(status);
  expect(response.body.error.message).toBe(message);
}

describe("POST /api/orgs/:orgId/documents: the allowed types (spec 5)", async () => {
  const fixtures = await allowedFixtures();

  it.each(fixtures)("accepts $fileName, stored as $storedType", async (fixture) => {
    const created = await uploadOk(editor(), org.organizationId, { file: fixture });
    expect(created).toMatchObject({ fileName: fixture.fileName, fileType: fixture.storedType, version: 1 });
    const stored = await getFile(t.app, editor(), documentsUrl(org.organizationId, `/${created.id}/download`));
    expect(stored.status).toBe(200);
    expect(Buffer.compare(stored.bytes, fixture.data)).toBe(0);
  });

  it("ignores the declared type: an empty or wrong one is fine when the content is right", async () => {
    const png = await image("png");
    for (const contentType of ["", "application/octet-stream", "text/plain"]) {
      const created = await uploadOk(editor(), org.organizationId, {
        file: { fileName: "chart.png", contentType, data: png },
      });
      expect(created.fileType).toBe("image/png");
    }
  });

  it("accepts a file without an extension by its content, and text without one as plain text", async () => {
    const asPdf = await uploadOk(editor(), org.organizationId, { file: { fileName: "README", data: pdf() } });
    expect(asPdf.fileType).toBe("application/pdf");
    const asText = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "CHANGELOG", data: Buffer.from("v1: first\n") },
    });
    expect(asText).toMatchObject({ fileType: "text/plain", category: "general", title: "CHANGELOG" });
  });
});

describe("content checks: what the bytes are, not what the name says", () => {
  it.each([
    ["an executable declared as a PDF", "invoice.pdf", "application/pdf", executable()],
    ["an HTML page declared as a PDF", "invoice.pdf", "application/pdf", HTML_PAGE],
    ["an HTML page named as a PNG", "cat.png", "image/png", HTML_PAGE],
    ["a PNG named as a JPEG", "cat.jpg", "image/jpeg", null],
    ["a zip named as an old Word file", "letter.doc", "application/msword", zip({ "a.txt": "a" })],
    ["binary bytes named as text", "notes.txt", "text/plain", Buffer.from([0x68, 0x69, 0x00, 0xff, 0xfe])],
    ["text that is not JSON named as JSON", "data.json", "application/json", Buffer.from("{not json")],
    ["text that is not SVG named as SVG", "icon.svg", "image/svg+xml", Buffer.from("<html><body/></html>")],
  ])("refuses %s", async (_label, fileName, contentType, data) => {
    const bytes = data ?? (await image("png"));
    const response = await upload(editor(), org.organizationId, { file: { fileName, contentType, data: bytes } });
    expectRefused(response, DOCUMENT_MESSAGES.fileTypeNotSupported);
    expect(response.body.error.fields.file).toBe(DOCUMENT_MESSAGES.fileTypeNotSupported);
  });

  it.each([
    ["an executable", "setup.exe", executable()],
    ["a script", "run.bat", Buffer.from("del /q C:\\*\r\n")],
    ["a JavaScript file", "app.js", Buffer.from("alert(1)")],
    ["an executable without an extension", "setup", executable()],
    [
      "an OLE file without an extension (an installer, maybe)",
      "package",
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]),
    ],
  ])("refuses %s", async (_label, fileName, data) => {
    const response = await upload(editor(), org.organizationId, { file: { fileName, data } });
    expectRefused(response, DOCUMENT_MESSAGES.fileTypeNotSupported);
  });

  it("stores nothing for a refused file", async () => {
    const before = await t.app.db.select({ id: documents.id }).from(documents);
    await upload(editor(), org.organizationId, { file: { fileName: "evil.pdf", data: executable() } });
    expect(await t.app.db.select({ id: documents.id }).from(documents)).toHaveLength(before.length);
  });
});

describe("size limits (spec 5: at most 1 MB)", () => {
  /** Exactly `size` bytes of valid plain text. */
  const textOf = (size: number) => Buffer.alloc(size, "a");

  it("accepts a file of 1 MB exactly (1,048,576 bytes)", async () => {
    const created = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "exactly-1mb.txt", data: textOf(DOCUMENT_MAX_BYTES) },
      fields: { title: "Exactly one megabyte", description: "d".repeat(2000), tags: "a, b, c" },
    });
    expect(created.fileSize).toBe(DOCUMENT_MAX_BYTES);
    const [row] = await t.app.db
      .select({ size: documentFiles.fileSize })
      .from(documentFiles)
      .where(eq(documentFiles.documentId, created.id));
    expect(row?.size).toBe(DOCUMENT_MAX_BYTES);
  });

  it("refuses 1 MB + 1 byte with 413 and the spec's text", async () => {
    const response = await upload(editor(), org.organizationId, {
      file: { fileName: "too-big.txt", data: textOf(DOCUMENT_MAX_BYTES + 1) },
    });
    expectRefused(response, DOCUMENT_MESSAGES.fileTooLarge, 413);
  });

  it("refuses a far larger body from its Content-Length, before reading it", async () => {
    const response = await editor().request<any>({
      method: "POST",
      url: documentsUrl(org.organizationId),
      // A 20 MB Content-Length with a short body: reading it would wait for bytes that never come.
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(20 * 1024 * 1024) },
      payload: "--x--\r\n",
    });
    expectRefused(response, DOCUMENT_MESSAGES.fileTooLarge, 413);
  });

  it("refuses an empty file", async () => {
    const response = await upload(editor(), org.organizationId, {
      file: { fileName: "empty.txt", data: Buffer.alloc(0) },
      fields: { title: "Empty" },
    });
    expectRefused(response, DOCUMENT_MESSAGES.fileEmpty);
    expect(response.body.error.fields.file).toBe(DOCUMENT_MESSAGES.fileEmpty);
  });

  it("refuses a second file in one request", async () => {
    const response = await upload(editor(), org.organizationId, {
      file: { fileName: "one.txt", data: Buffer.from("one") },
      extraParts: [{ name: "file", fileName: "two.txt", data: Buffer.from("two") }],
    });
    expectRefused(response, DOCUMENT_MESSAGES.onlyOneFile);
  });
});

describe("the form's fields (spec 5)", () => {
  it("requires a file", async () => {
    const response = await upload(editor(), org.organizationId, { fields: { title: "No file" } });
    expectRefused(response, DOCUMENT_MESSAGES.fileRequired);
    expect(response.body.error.fields.file).toBe(DOCUMENT_MESSAGES.fileRequired);
  });

  it("requires a file when the body is JSON, not multipart", async () => {
    const response = await editor().post(documentsUrl(org.organizationId), { title: "JSON" });
    expectRefused(response, DOCUMENT_MESSAGES.fileRequired);
  });

  it("refuses a title that is sent blank", async () => {
    const response = await upload(editor(), org.organizationId, {
      file: { fileName: "a.txt", data: Buffer.from("a") },
      fields: { title: "   " },
    });
    expectRefused(response, DOCUMENT_MESSAGES.titleRequired);
    expect(response.body.error.fields.title).toBe(DOCUMENT_MESSAGES.titleRequired);
  });

  it("defaults the title to the file name without its extension and the category to the extension's", async () => {
    const created = await uploadOk(editor(), org.organizationId, {
      file: {
        fileName: "Q3 budget.final.xlsx",
        data: (await allowedFixtures()).find((f) => f.fileName === "budget.xlsx")!.data,
      },
    });
    expect(created).toMatchObject({ title: "Q3 budget.final", category: "spreadsheets", fileClass: "spreadsheets" });
  });

  it.each([
    ["photo.png", "images"],
    ["notes.txt", "documents"],
    ["deck.pptx", "presentations"],
    ["bundle.zip", "archives"],
    ["site.css", "code"],
  ])("sets the category of %s to %s", async (fileName, category) => {
    const fixture = (await allowedFixtures()).find((f) => f.fileName.split(".").pop() === fileName.split(".").pop())!;
    const created = await uploadOk(editor(), org.organizationId, { file: { ...fixture, fileName } });
    expect(created.category).toBe(category);
  });

  it("keeps a chosen category, description and tags (comma-separated, trimmed, blanks and repeats dropped)", async () => {
    const created = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "policy.pdf", data: pdf() },
      fields: {
        title: "  Travel policy  ",
        description: " For everyone ",
        category: "policies",
        tags: " hr, ,travel,HR , 2025 ",
      },
    });
    expect(created).toMatchObject({
      title: "Travel policy",
      description: "For everyone",
      category: "policies",
      tags: ["hr", "travel", "2025"],
      downloadCount: 0,
      lastDownloaded: null,
      version: 1,
      uploadedBy: { id: org.users.editor.id, name: org.users.editor.email },
    });
  });

  it("refuses an unknown category", async () => {
    const response = await upload(editor(), org.organizationId, {
      file: { fileName: "a.txt", data: Buffer.from("a") },
      fields: { category: "secret" },
    });
    expectRefused(response, DOCUMENT_MESSAGES.invalidCategory);
  });

  it("refuses more than 20 tags and a tag over 50 characters", async () => {
    const many = Array.from({ length: 21 }, (_, index) => `t${index}`).join(",");
    expectRefused(
      await upload(editor(), org.organizationId, {
        file: { fileName: "a.txt", data: Buffer.from("a") },
        fields: { tags: many },
      }),
      DOCUMENT_MESSAGES.tooManyTags,
    );
    expectRefused(
      await upload(editor(), org.organizationId, {
        file: { fileName: "a.txt", data: Buffer.from("a") },
        fields: { tags: "x".repeat(51) },
      }),
      DOCUMENT_MESSAGES.tagTooLong,
    );
  });
});

describe("hostile file names", () => {
  it.each([
    ["path traversal", "../../../etc/passwd.txt", "passwd.txt"],
    ["Windows path traversal", "..\\..\\Windows\\system.ini.txt", "system.ini.txt"],
    ["a hidden name", "...profile.txt", "profile.txt"],
    ["right-to-left override", "invoice\u202Etxt.exe.txt", "invoicetxt.exe.txt"],
    ["unicode", "Résumé – 日本語 ✓.txt", "Résumé – 日本語 ✓.txt"],
    ["quotes", 'say "hello".txt', 'say "hello".txt'],
  ])("stores %s safely", async (_label, sent, stored) => {
    const created = await uploadOk(editor(), org.organizationId, {
      file: {
        fileName: sent,
        data: Buffer.from("hello"),
        // filename* lets the test send the exact characters (busboy decodes RFC 5987).
        disposition: `form-data; name="file"; filename*=UTF-8''${encodeURIComponent(sent)}`,
      },
    });
    expect(created.fileName).toBe(stored);
    const file = await getFile(t.app, editor(), documentsUrl(org.organizationId, `/${created.id}/download`));
    const disposition = String(file.headers["content-disposition"]);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe(stored);
  });

  it("never lets a name with CR or LF in: the multipart parser drops such a part", async () => {
    const sent = 'report.txt"\r\nSet-Cookie: stolen=1\r\nX: "a.txt';
    const response = await upload(editor(), org.organizationId, {
      file: {
        fileName: sent,
        data: Buffer.from("hello"),
        disposition: `form-data; name="file"; filename*=UTF-8''${encodeURIComponent(sent)}`,
      },
    });
    expectRefused(response, DOCUMENT_MESSAGES.fileRequired);
  });

  it("keeps quotes, semicolons and a browser's %0D%0A inside the header's parameters", async () => {
    // Browsers percent-encode '"', CR and LF in a multipart file name (HTML standard).
    const created = await uploadOk(editor(), org.organizationId, {
      file: { fileName: 'a"; filename="evil.html%0D%0ASet-Cookie: x=1.txt', data: Buffer.from("hello") },
    });
    const file = await getFile(t.app, editor(), documentsUrl(org.organizationId, `/${created.id}/download`));
    expect(file.headers["set-cookie"]).toBeUndefined();
    expect(created.fileName).toBe("a%22; filename=%22evil.html%0D%0ASet-Cookie: x=1.txt");
    expect(file.headers["content-disposition"]).toBe(
      'attachment; filename="a_22; filename=_22evil.html_0D_0ASet-Cookie: x=1.txt"; ' +
        "filename*=UTF-8''a%2522%3B%20filename%3D%2522evil.html%250D%250ASet-Cookie%3A%20x%3D1.txt",
    );
  });

  it("names a file that has nothing left after cleaning 'file'", async () => {
    const created = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "../..", data: Buffer.from("hello"), disposition: `form-data; name="file"; filename="../.."` },
    });
    expect(created.fileName).toBe("file");
  });

  it("keeps each organization's documents apart by id as well", async () => {
    const created = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "mine.txt", data: Buffer.from("x") },
    });
    const rows = await t.app.db
      .select({ org: documents.organizationId })
      .from(documents)
      .where(and(eq(documents.id, created.id), eq(documents.organizationId, org.organizationId)));
    expect(rows).toHaveLength(1);
  });
});
