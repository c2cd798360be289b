import { DOCUMENT_MAX_BYTES } from "@flowdeck/shared/documents/file-types";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { eq } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentFiles } from "../../src/db/schema/index.ts";
import { PREVIEW_LIMITS, THUMBNAIL_MAX_SIDE, withinPreviewLimits } from "../../src/lib/thumbnails.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { getFile } from "../helpers/get-file.ts";
import { multipartBody } from "../helpers/multipart.ts";
import { baseUrlOf, subscribe } from "../helpers/sse-client.ts";
import { createAppWithRoles, type TestApp } from "../helpers/test-app.ts";
import { grayBombPng, hugePng, jpegWithGps } from "../helpers/image-fixtures.ts";
import { HTML_PAGE, image, pdf } from "./fixtures.ts";
import { documentsUrl, upload, uploadOk, uploadVersion } from "./requests.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => ({ t, org } = await createAppWithRoles({ listen: true })));
afterAll(() => t.close());

const editor = () => org.users.editor.client;
const viewer = () => org.users.viewer.client;
const url = (rest: string) => documentsUrl(org.organizationId, rest);

describe("versions (spec 4: version starts at 1 and rises by one per new file)", () => {
  it("counts every stored version in the storage used, so a smaller new version never lowers it", async () => {
    const fresh = await createOrgWithRoles(t.app);
    const stats = async () => (await fresh.users.viewer.client.get(documentsUrl(fresh.organizationId, "/stats"))).body;
    const first = await uploadOk(fresh.users.editor.client, fresh.organizationId, {
      file: { fileName: "big.pdf", data: pdf("a long first edition ".repeat(200)) },
      fields: { title: "Handbook" },
    });
    expect((await stats()).totalSize).toBe(first.fileSize);

    const second = await uploadVersion(fresh.users.editor.client, fresh.organizationId, first.id, {
      file: { fileName: "small.pdf", data: pdf("short") },
    });
    expect(second.status).toBe(201);
    expect(second.body.fileSize).toBeLessThan(first.fileSize);
    expect((await stats()).totalSize).toBe(first.fileSize + second.body.fileSize);
  });

  it("raises the version, makes the new file current and keeps every earlier one downloadable", async () => {
    const first = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "plan-v1.pdf", data: pdf("one") },
      fields: { title: "Plan", tags: "q3" },
    });
    expect(first.version).toBe(1);

    const second = await uploadVersion(editor(), org.organizationId, first.id, {
      file: { fileName: "plan-v2.pdf", data: pdf("two") },
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      id: first.id,
      version: 2,
      fileName: "plan-v2.pdf",
      title: "Plan",
      tags: ["q3"],
    });

    const png = await image("png");
    const third = await uploadVersion(org.users.admin.client, org.organizationId, first.id, {
      file: { fileName: "plan.png", data: png },
    });
    expect(third.body).toMatchObject({ version: 3, fileType: "image/png", previewable: true });

    const detail = await viewer().get(url(`/${first.id}`));
    expect(detail.status).toBe(200);
    expect(detail.body.versions.map((v: { version: number; fileName: string }) => [v.version, v.fileName])).toEqual([
      [3, "plan.png"],
      [2, "plan-v2.pdf"],
      [1, "plan-v1.pdf"],
    ]);
    expect(detail.body.versions[0].uploadedBy).toEqual({ id: org.users.admin.id, name: org.users.admin.email });

    const current = await getFile(t.app, viewer(), url(`/${first.id}/download`));
    expect(Buffer.compare(current.bytes, png)).toBe(0);
    const one = await getFile(t.app, viewer(), url(`/${first.id}/versions/1/download`));
    expect(one.bytes.toString()).toBe(pdf("one").toString());
    expect(one.headers["content-disposition"]).toContain('filename="plan-v1.pdf"');
    const two = await getFile(t.app, viewer(), url(`/${first.id}/versions/2/download`));
    expect(two.bytes.toString()).toBe(pdf("two").toString());
  });

  it("gives concurrent new versions distinct numbers", async () => {
    const doc = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "race.txt", data: Buffer.from("0") },
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        uploadVersion(editor(), org.organizationId, doc.id, {
          file: { fileName: `race-${index}.txt`, data: Buffer.from(String(index)) },
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201, 201]);
    const versions = await t.app.db
      .select({ version: documentFiles.version })
      .from(documentFiles)
      .where(eq(documentFiles.documentId, doc.id));
    expect(versions.map((row) => row.version).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("applies the upload rules to a new version too", async () => {
    const doc = await uploadOk(editor(), org.organizationId, { file: { fileName: "v.pdf", data: pdf() } });
    const disguised = await uploadVersion(editor(), org.organizationId, doc.id, {
      file: { fileName: "v.pdf", contentType: "application/pdf", data: HTML_PAGE },
    });
    expect(disguised.status).toBe(400);
    expect(disguised.body.error.message).toBe(DOCUMENT_MESSAGES.fileTypeNotSupported);
    const tooLarge = await uploadVersion(editor(), org.organizationId, doc.id, {
      file: { fileName: "v.txt", data: Buffer.alloc(DOCUMENT_MAX_BYTES + 1, "a") },
    });
    expect(tooLarge.status).toBe(413);
    const missing = await uploadVersion(editor(), org.organizationId, doc.id, {});
    expect(missing.body.error.message).toBe(DOCUMENT_MESSAGES.fileRequired);
    expect((await viewer().get(url(`/${doc.id}`))).body.version).toBe(1);
  });

  it("answers 'Document not found' for a new version of a missing document", async () => {
    const response = await uploadVersion(editor(), org.organizationId, "no-such-document", {
      file: { fileName: "a.txt", data: Buffer.from("a") },
    });
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(DOCUMENT_MESSAGES.notFound);
  });

  it("answers 404 for a version that does not exist, and counts nothing", async () => {
    const doc = await uploadOk(editor(), org.organizationId, { file: { fileName: "one.txt", data: Buffer.from("1") } });
    const response = await getFile(t.app, viewer(), url(`/${doc.id}/versions/2/download`));
    expect(response.status).toBe(404);
    expect(response.json.error.message).toBe(DOCUMENT_MESSAGES.versionNotFound);
    expect((await viewer().get(url(`/${doc.id}`))).body.downloadCount).toBe(0);
  });
});

describe("downloads", () => {
  it("serves an attachment with the checked type, a safe name, nosniff and a sandboxing CSP", async () => {
    const doc = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "page.html", contentType: "text/html", data: HTML_PAGE },
    });
    const file = await getFile(t.app, viewer(), url(`/${doc.id}/download`));
    expect(file.status).toBe(200);
    expect(file.headers).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "content-disposition": `attachment; filename="page.html"; filename*=UTF-8''page.html`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'",
      "cache-control": "private, no-store",
      "content-length": String(HTML_PAGE.length),
    });
    expect(Buffer.compare(file.bytes, HTML_PAGE)).toBe(0);
  });

  it("raises the count by one per download and sets last downloaded", async () => {
    const doc = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "count.txt", data: Buffer.from("x") },
    });
    const before = Date.now();
    await getFile(t.app, viewer(), url(`/${doc.id}/download`));
    await getFile(t.app, viewer(), url(`/${doc.id}/versions/1/download`));
    const after = (await viewer().get(url(`/${doc.id}`))).body;
    expect(after.downloadCount).toBe(2);
    expect(new Date(after.lastDownloaded).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("counts 20 concurrent downloads as 20", async () => {
    const doc = await uploadOk(editor(), org.organizationId, { file: { fileName: "popular.pdf", data: pdf() } });
    const clients = [viewer(), editor(), org.users.admin.client, org.users.owner.client];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        getFile(t.app, clients[index % clients.length], url(`/${doc.id}/download`)),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect((await viewer().get(url(`/${doc.id}`))).body.downloadCount).toBe(20);
  });

  it("does not answer HEAD, which would count a download nobody received", async () => {
    const doc = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "head.txt", data: Buffer.from("x") },
    });
    const response = await t.app.inject({
      method: "HEAD",
      url: url(`/${doc.id}/download`),
      headers: { cookie: viewer().cookieHeader },
    });
    expect(response.statusCode).toBe(404);
    expect((await viewer().get(url(`/${doc.id}`))).body.downloadCount).toBe(0);
  });

  it("answers 'Document not found' for an unknown id", async () => {
    const response = await getFile(t.app, viewer(), url("/missing/download"));
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: { code: "not-found", message: DOCUMENT_MESSAGES.notFound } });
  });
});

describe("previews (PNG, JPEG, GIF and WebP only)", () => {
  it.each(["png", "jpeg", "gif", "webp"] as const)(
    "shows a %s as a thumbnail made on the server, with the same protections",
    async (format) => {
      const data = await image(format);
      const doc = await uploadOk(editor(), org.organizationId, { file: { fileName: `pic.${format}`, data } });
      expect(doc.previewable).toBe(true);
      const preview = await getFile(t.app, viewer(), url(`/${doc.id}/preview`));
      expect(preview.status).toBe(200);
      expect(preview.headers).toMatchObject({
        "content-type": "image/webp",
        "content-disposition": `inline; filename="pic-preview.webp"; filename*=UTF-8''pic-preview.webp`,
        "x-content-type-options": "nosniff",
        "content-security-policy": "sandbox; default-src 'none'",
      });
      expect(await sharp(preview.bytes).metadata()).toMatchObject({ format: "webp", width: 16, height: 12 });
      // A preview is not a download.
      expect((await viewer().get(url(`/${doc.id}`))).body.downloadCount).toBe(0);
      // Cached privately, revalidated by ETag.
      const again = await getFile(t.app, viewer(), url(`/${doc.id}/preview`), {
        "if-none-match": String(preview.headers.etag),
      });
      expect(again.status).toBe(304);
    },
  );

  it("shrinks a large photo and strips its metadata; the download stays byte-for-byte the upload", async () => {
    const data = await jpegWithGps();
    expect((await sharp(data).metadata()).exif).toBeDefined();
    const doc = await uploadOk(editor(), org.organizationId, { file: { fileName: "holiday.jpg", data } });
    const preview = await getFile(t.app, viewer(), url(`/${doc.id}/preview`));
    expect(preview.status).toBe(200);
    const metadata = await sharp(preview.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: THUMBNAIL_MAX_SIDE, height: 360 });
    expect(metadata.exif).toBeUndefined();
    expect(preview.bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
    const download = await getFile(t.app, viewer(), url(`/${doc.id}/download`));
    expect(Buffer.compare(download.bytes, data)).toBe(0);
  });

  it("makes a small thumbnail of an image bomb (389 KB declaring 20,000 × 20,000); the download is the upload", async () => {
    const data = await grayBombPng(20_000, 20_000);
    expect(data.length).toBeLessThan(400_000);
    const doc = await uploadOk(editor(), org.organizationId, { file: { fileName: "bomb.png", data } });
    const preview = await getFile(t.app, viewer(), url(`/${doc.id}/preview`));
    expect(preview.status).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/webp");
    const metadata = await sharp(preview.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE });
    expect(metadata.exif).toBeUndefined();
    expect(preview.bytes.length).toBeLessThan(10_000);
    const download = await getFile(t.app, viewer(), url(`/${doc.id}/download`));
    expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(Buffer.compare(download.bytes, data)).toBe(0);
  });

  it.each([
    ["more pixels than the limit", "bomb.png", () => hugePng(20_001, 20_000)],
    ["rows too wide to stream in bounded memory", "wide.png", () => hugePng(PREVIEW_LIMITS.pngRowBytes + 1, 10)],
    [
      "a GIF frame too large to decode whole",
      "big.gif",
      () =>
        sharp({ create: { width: 4_001, height: 4_000, channels: 3, background: "#000" } })
          .gif()
          .toBuffer(),
    ],
  ])("gives an image with %s no preview, never the original", async (_label, fileName, make) => {
    const data = await make();
    const doc = await uploadOk(editor(), org.organizationId, { file: { fileName, data } });
    const preview = await getFile(t.app, viewer(), url(`/${doc.id}/preview`));
    expect(preview.status).toBe(404);
    expect(preview.json.error.message).toBe(DOCUMENT_MESSAGES.noPreview);
    const download = await getFile(t.app, viewer(), url(`/${doc.id}/download`));
    expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(Buffer.compare(download.bytes, data)).toBe(0);
  });

  it("counts what an image costs to decode, not only its pixels", () => {
    const image = (values: Partial<Metadata>) =>
      withinPreviewLimits({ format: "png", channels: 1, depth: "uchar", ...values } as Metadata);
    expect(image({ width: 20_000, height: 20_000 })).toBe(true);
    // Two bytes a pixel: 800 MB to decode.
    expect(image({ width: 20_000, height: 20_000, channels: 2 })).toBe(false);
    expect(image({ width: 14_000, height: 14_000, channels: 2 })).toBe(true);
    expect(image({ width: 14_000, height: 14_000, depth: "ushort" })).toBe(true);
    expect(image({ width: 10_000, height: 10_000, channels: 4 })).toBe(true);
    expect(image({ width: 10_000, height: 10_001, channels: 4 })).toBe(false);
    // A wide PNG: each row is held ~2,000 times over.
    expect(image({ width: 200_000, height: 500 })).toBe(false);
    expect(image({ width: 40_000, height: 10_000 })).toBe(true);
    // JPEG and WebP shrink as they load; GIF frames are decoded whole.
    expect(image({ format: "jpeg", width: 60_000, height: 1_000, channels: 3 })).toBe(true);
    expect(image({ format: "gif", width: 4_000, height: 4_000, channels: 4 })).toBe(true);
    expect(image({ format: "gif", width: 4_000, height: 4_001, channels: 4 })).toBe(false);
    // Animated: the first frame counts.
    expect(image({ format: "gif", width: 4_000, height: 40_000, pageHeight: 4_000, channels: 4 })).toBe(true);
  });

  it.each([
    ["an SVG", "icon.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["an HTML page", "page.html", HTML_PAGE],
    ["an XML file", "feed.xml", Buffer.from('<?xml version="1.0"?><feed/>')],
    ["a PDF", "doc.pdf", pdf()],
  ])("never shows %s inline", async (_label, fileName, data) => {
    const doc = await uploadOk(editor(), org.organizationId, { file: { fileName, data } });
    expect(doc.previewable).toBe(false);
    const preview = await getFile(t.app, viewer(), url(`/${doc.id}/preview`));
    expect(preview.status).toBe(404);
    expect(preview.json.error.message).toBe(DOCUMENT_MESSAGES.noPreview);
    const download = await getFile(t.app, viewer(), url(`/${doc.id}/download`));
    expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
  });

  it("follows the current version: a preview goes away when the new file is not an image", async () => {
    const doc = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "pic.png", data: await image("png") },
    });
    await uploadVersion(editor(), org.organizationId, doc.id, { file: { fileName: "pic.pdf", data: pdf() } });
    expect((await getFile(t.app, viewer(), url(`/${doc.id}/preview`))).status).toBe(404);
  });
});

describe("over real HTTP", () => {
  it("refuses a streamed (chunked) upload that goes past 1 MB without keeping it", async () => {
    const { payload, contentType } = multipartBody([
      { name: "file", fileName: "big.txt", data: Buffer.alloc(3 * DOCUMENT_MAX_BYTES, "a") },
    ]);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < payload.length; offset += 64 * 1024) {
          controller.enqueue(payload.subarray(offset, offset + 64 * 1024));
        }
        controller.close();
      },
    });
    const response = await fetch(`${baseUrlOf(t.app)}${url("")}`, {
      method: "POST",
      headers: { "content-type": contentType, cookie: editor().cookieHeader, origin: "http://localhost:3000" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      DOCUMENT_MESSAGES.fileTooLarge,
    );
  });

  it("publishes created, updated and deleted to the organization's stream", async () => {
    const stream = await subscribe(t.app, org.organizationId, viewer());
    try {
      const doc = await uploadOk(editor(), org.organizationId, {
        file: { fileName: "live.txt", data: Buffer.from("x") },
      });
      expect(await stream.nextChange()).toEqual({ entity: "document", id: doc.id, action: "created" });
      await editor().patch(url(`/${doc.id}`), { title: "Live" });
      expect(await stream.nextChange()).toEqual({ entity: "document", id: doc.id, action: "updated" });
      await uploadVersion(editor(), org.organizationId, doc.id, {
        file: { fileName: "live.txt", data: Buffer.from("y") },
      });
      expect(await stream.nextChange()).toEqual({ entity: "document", id: doc.id, action: "updated" });
      await getFile(t.app, viewer(), url(`/${doc.id}/download`));
      expect(await stream.nextChange()).toEqual({ entity: "document", id: doc.id, action: "updated" });
      await editor().delete(url(`/${doc.id}`));
      expect(await stream.nextChange()).toEqual({ entity: "document", id: doc.id, action: "deleted" });
    } finally {
      stream.close();
    }
  });
});

describe("PATCH and DELETE", () => {
  it("updates the metadata only, and refuses a blank title", async () => {
    const doc = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "meta.txt", data: Buffer.from("x") },
    });
    const updated = await editor().patch(url(`/${doc.id}`), {
      title: " Renamed ",
      description: "Now described",
      category: "templates",
      tags: ["a", " b ", "A"],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      title: "Renamed",
      description: "Now described",
      category: "templates",
      tags: ["a", "b"],
      version: 1,
      fileName: "meta.txt",
    });
    const blank = await editor().patch(url(`/${doc.id}`), { title: "" });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields.title).toBe(DOCUMENT_MESSAGES.titleRequired);
    const empty = await editor().patch(url(`/${doc.id}`), {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(DOCUMENT_MESSAGES.nothingToUpdate);
  });

  it("deletes the document with every version", async () => {
    const doc = await uploadOk(editor(), org.organizationId, {
      file: { fileName: "gone.txt", data: Buffer.from("1") },
    });
    await uploadVersion(editor(), org.organizationId, doc.id, {
      file: { fileName: "gone.txt", data: Buffer.from("2") },
    });
    const deleted = await editor().delete(url(`/${doc.id}`));
    expect(deleted.status).toBe(204);
    expect(await t.app.db.select().from(documentFiles).where(eq(documentFiles.documentId, doc.id))).toEqual([]);
    expect((await viewer().get(url(`/${doc.id}`))).status).toBe(404);
    const again = await editor().delete(url(`/${doc.id}`));
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(DOCUMENT_MESSAGES.notFound);
  });

  it("accepts a 1 MB file with every field at its longest: the multipart framing fits", async () => {
    const response = await upload(editor(), org.organizationId, {
      file: { fileName: "full.txt", data: Buffer.alloc(DOCUMENT_MAX_BYTES, "b") },
      fields: {
        title: "t".repeat(200),
        description: "é".repeat(2000),
        tags: Array.from({ length: 20 }, (_, index) => String(index).padEnd(50, "x")).join(","),
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.tags).toHaveLength(20);
  });
});
