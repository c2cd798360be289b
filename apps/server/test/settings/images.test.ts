import { IMAGE_MESSAGES } from "@flowdeck/shared/images/messages";
import { IMAGE_MAX_BYTES } from "@flowdeck/shared/images/rules";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationLogos } from "../../src/db/schema/index.ts";
import { registerOwner } from "../helpers/factories.ts";
import { getFile } from "../helpers/get-file.ts";
import type { TestClient } from "../helpers/http-client.ts";
import {
  SVG,
  animatedGif,
  hugePng,
  jpegWithGps,
  noisePng,
  pngOfExactSize,
  rotatedJpeg,
  solidImage,
} from "../helpers/image-fixtures.ts";
import { putImage, type ImageFile } from "../helpers/image-requests.ts";
import { sendMultipart } from "../helpers/multipart.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { logoUrl } from "./settings-urls.ts";

// Spec 5 "Logo and avatar", through the logo route (the avatar route shares the same code; the
// profile tests check it end to end).

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
});
afterAll(() => t.close());

const upload = (file: ImageFile, client: TestClient = owner.client) =>
  putImage(client, logoUrl(owner.organizationId), file);

/** The stored logo's bytes, as served. */
async function storedLogo() {
  const me = await owner.client.get("/api/me");
  const url = me.body.organizations[0].logoUrl as string;
  const response = await getFile(t.app, owner.client, url);
  expect(response.status).toBe(200);
  return {
    bytes: response.bytes,
    contentType: response.headers["content-type"],
    metadata: await sharp(response.bytes).metadata(),
  };
}

function expectRefused(response: { status: number; body: any }, message: string, status = 400) {
  expect(response.status).toBe(status);
  expect(response.body.error.message).toBe(message);
}

describe("types, decided by the content", () => {
  it.each(["png", "jpeg", "gif", "webp"] as const)("accepts a %s and stores it in its own format", async (format) => {
    const response = await upload({
      fileName: `logo.${format}`,
      data: await solidImage(format),
      contentType: `image/${format}`,
    });
    expect(response.status).toBe(200);
    expect(response.body.logoMetadata).toMatchObject({ type: `image/${format}`, originalName: `logo.${format}` });
    const stored = await storedLogo();
    expect(stored.contentType).toBe(`image/${format}`);
    expect(stored.metadata.format).toBe(format);
  });

  it("stores a PNG named .jpg and declared image/jpeg as the PNG it is", async () => {
    const response = await upload({ fileName: "photo.jpg", data: await solidImage("png"), contentType: "image/jpeg" });
    expect(response.status).toBe(200);
    expect(response.body.logoMetadata.type).toBe("image/png");
    expect((await storedLogo()).metadata.format).toBe("png");
  });

  it("refuses a text file declared image/png", async () => {
    const response = await upload({
      fileName: "logo.png",
      data: Buffer.from("just some text, honestly"),
      contentType: "image/png",
    });
    expectRefused(response, IMAGE_MESSAGES.invalidType);
    expect(response.body.error.fields.file).toBe(IMAGE_MESSAGES.invalidType);
  });

  it("refuses SVG, even named .png", async () => {
    expectRefused(
      await upload({ fileName: "logo.svg", data: SVG, contentType: "image/svg+xml" }),
      IMAGE_MESSAGES.invalidType,
    );
    expectRefused(
      await upload({ fileName: "logo.png", data: SVG, contentType: "image/png" }),
      IMAGE_MESSAGES.invalidType,
    );
  });

  it("refuses other image formats (TIFF, AVIF)", async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .tiff()
      .toBuffer();
    expectRefused(
      await upload({ fileName: "logo.tiff", data: tiff, contentType: "image/tiff" }),
      IMAGE_MESSAGES.invalidType,
    );
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .avif()
      .toBuffer();
    expectRefused(
      await upload({ fileName: "logo.avif", data: avif, contentType: "image/avif" }),
      IMAGE_MESSAGES.invalidType,
    );
  });

  it("refuses an image whose signature is right but whose body is damaged", async () => {
    const png = await noisePng(100, 100);
    const damaged = png.subarray(0, Math.floor(png.length / 2));
    expectRefused(await upload({ fileName: "cut.png", data: damaged }), IMAGE_MESSAGES.unreadable);
  });

  it("refuses an empty file and a request without a file", async () => {
    expectRefused(await upload({ fileName: "empty.png", data: Buffer.alloc(0) }), IMAGE_MESSAGES.fileEmpty);
    const response = await sendMultipart(owner.client, {
      method: "PUT",
      url: logoUrl(owner.organizationId),
      parts: [{ name: "other", fileName: "x.png", data: await solidImage("png") }],
    });
    expectRefused(response, IMAGE_MESSAGES.fileRequired);
    expectRefused(await owner.client.put(logoUrl(owner.organizationId), {}), IMAGE_MESSAGES.fileRequired);
  });

  it("refuses two files in one request", async () => {
    const file = { name: "file", fileName: "a.png", data: await solidImage("png") };
    const response = await sendMultipart(owner.client, {
      method: "PUT",
      url: logoUrl(owner.organizationId),
      parts: [file, file],
    });
    expectRefused(response, IMAGE_MESSAGES.onlyOneFile);
  });
});

describe("sizes at the edges", () => {
  it("accepts a file of exactly 500 KB (512,000 bytes)", async () => {
    const data = await pngOfExactSize(IMAGE_MAX_BYTES);
    expect(data.length).toBe(512_000);
    const response = await upload({ fileName: "exact.png", data });
    expect(response.status).toBe(200);
    expect(response.body.logoMetadata.originalSize).toBe(512_000);
  });

  it("refuses 500 KB + 1 byte with the specification's text", async () => {
    const data = await pngOfExactSize(IMAGE_MAX_BYTES + 1);
    expectRefused(await upload({ fileName: "over.png", data }), IMAGE_MESSAGES.tooLarge, 413);
  });

  it("refuses a large body by its Content-Length, before reading it", async () => {
    const response = await owner.client.request<any>({
      method: "PUT",
      url: logoUrl(owner.organizationId),
      payload: Buffer.alloc(10),
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(5 * 1024 * 1024) },
    });
    expectRefused(response, IMAGE_MESSAGES.tooLarge, 413);
  });

  it("keeps the previous logo when a new one is refused", async () => {
    await upload({ fileName: "keep.png", data: await solidImage("png", 30, 20) });
    await upload({ fileName: "bad.png", data: Buffer.from("nope") });
    const [row] = await t.app.db
      .select({ originalName: organizationLogos.originalName })
      .from(organizationLogos)
      .where(eq(organizationLogos.organizationId, owner.organizationId));
    expect(row?.originalName).toBe("keep.png");
  });
});

describe("decompression bombs", () => {
  it("refuses a 20000×20000 PNG of 48 KB with a clear 400, quickly", async () => {
    const data = hugePng(20_000, 20_000);
    expect(data.length).toBeLessThan(100_000);
    const started = Date.now();
    expectRefused(await upload({ fileName: "bomb.png", data }), IMAGE_MESSAGES.tooManyPixels);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("refuses a 9000×9000 solid-colour PNG made by sharp (81 megapixels)", async () => {
    const data = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(data.length).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
    expectRefused(await upload({ fileName: "big.png", data }), IMAGE_MESSAGES.tooManyPixels);
  });

  it("accepts a large but sane image (6000×4000, 24 megapixels) and shrinks it", async () => {
    const data = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: "#abc" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await upload({ fileName: "wide.png", data });
    expect(response.status).toBe(200);
    expect(response.body.logoMetadata).toMatchObject({ width: 300, height: 200 });
  });
});

describe("re-encoding", () => {
  it.each([
    [1200, 400, 300, 100],
    [400, 1000, 80, 200],
    [3000, 2000, 300, 200],
    [100, 50, 100, 50], // never enlarged
  ])("fits %i×%i inside 300×200 as %i×%i", async (width, height, expectedWidth, expectedHeight) => {
    const response = await upload({ fileName: "sized.jpg", data: await solidImage("jpeg", width, height) });
    expect(response.status).toBe(200);
    expect(response.body.logoMetadata).toMatchObject({ width: expectedWidth, height: expectedHeight });
    const stored = await storedLogo();
    expect([stored.metadata.width, stored.metadata.height]).toEqual([expectedWidth, expectedHeight]);
  });

  it("strips EXIF: GPS position and camera are gone from the stored image", async () => {
    const data = await jpegWithGps();
    const before = await sharp(data).metadata();
    expect(before.exif?.toString("latin1")).toContain("PhoneMaker");

    const response = await upload({ fileName: "holiday.jpg", data });
    expect(response.status).toBe(200);
    const stored = await storedLogo();
    expect(stored.metadata.exif).toBeUndefined();
    expect(stored.metadata.xmp).toBeUndefined();
    expect(stored.metadata.icc).toBeUndefined();
    expect(stored.bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
  });

  it("drops PNG text chunks", async () => {
    const data = await pngOfExactSize(200_000);
    expect(data.includes(Buffer.from("prVt"))).toBe(true);
    await upload({ fileName: "padded.png", data });
    expect((await storedLogo()).bytes.includes(Buffer.from("prVt"))).toBe(false);
  });

  it("turns a photo upright from its EXIF orientation", async () => {
    const response = await upload({ fileName: "upright.jpg", data: await rotatedJpeg() });
    // 400×200 turned a quarter is 200×400, which fits 300×200 as 100×200.
    expect(response.body.logoMetadata).toMatchObject({ width: 100, height: 200 });
    expect((await storedLogo()).metadata.orientation).toBeUndefined();
  });

  it("keeps the first frame of an animated GIF", async () => {
    const response = await upload({ fileName: "moving.gif", data: await animatedGif() });
    expect(response.status).toBe(200);
    expect(response.body.logoMetadata).toMatchObject({ type: "image/gif", width: 40, height: 40 });
    const stored = await storedLogo();
    expect(stored.metadata.pages ?? 1).toBe(1);
  });

  it("re-encodes JPEG at quality 0.7: a noisy photo comes out smaller than it went in", async () => {
    const noisy = await sharp(await noisePng(300, 200))
      .jpeg({ quality: 100 })
      .toBuffer();
    const response = await upload({ fileName: "noisy.jpg", data: noisy });
    expect(response.status).toBe(200);
    expect(response.body.logoMetadata.processedSize).toBeLessThan(noisy.length);
  });

  it("cleans the original file name it records", async () => {
    const response = await upload({ fileName: "../../etc/logo.png", data: await solidImage("png") });
    expect(response.body.logoMetadata.originalName).toBe("logo.png");
  });
});
