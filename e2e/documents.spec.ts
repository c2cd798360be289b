import { readFile } from "node:fs/promises";
import { crc32, deflateSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { pdf } from "../apps/server/test/documents/fixtures.ts";
import { grayBombPng, hugePng } from "../apps/server/test/helpers/image-fixtures.ts";
import { shareSession } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";

// Issue 7 end to end: upload an image and a PDF, see the preview, search, download the same
// bytes, upload a new version, delete; a second browser context follows every change live.

/** A small, valid RGB PNG of one colour, made in code. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, index) => [r, g, b][index % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const IMAGE = png(64, 40, [79, 70, 229]);
const HANDBOOK_V1 = pdf("handbook, first edition");
const HANDBOOK_V2 = pdf("handbook, second edition");

function card(page: Page, title: string) {
  return page.getByRole("article", { name: title });
}

async function downloadedBytes(page: Page, start: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), start()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

test("documents: upload, preview, search, download, new version and delete, seen live elsewhere", async ({
  ownerPage: page,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));

  // A second browser, signed in to the same organization, that never reloads.
  const otherContext = await browser.newContext();
  await shareSession(request, otherContext);
  const other = await otherContext.newPage();

  await page.goto("/documents");
  await other.goto("/documents");
  await expect(page.getByRole("heading", { name: "No documents yet" })).toBeVisible();
  await expect(other.getByRole("heading", { name: "No documents yet" })).toBeVisible();

  // 1. An image, through the file picker: title and category follow the file name.
  await page.getByRole("button", { name: "Upload document" }).first().click();
  const uploadDialog = page.getByRole("dialog", { name: "Upload document" });
  await uploadDialog
    .getByLabel("Choose a file")
    .setInputFiles({ name: "team-photo.png", mimeType: "image/png", buffer: IMAGE });
  await expect(uploadDialog.getByLabel("Title")).toHaveValue("team-photo");
  await expect(uploadDialog.getByLabel("Category")).toHaveValue("images");
  await uploadDialog.getByLabel("Tags").fill("team, offsite, photos, 2025");
  await uploadDialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Document uploaded successfully!")).toBeVisible();

  const photo = card(page, "team-photo");
  await expect(photo).toBeVisible();
  await expect(photo.getByText("+1 more")).toBeVisible();
  // The preview is the image itself, served by the API and decoded by the browser.
  const preview = photo.getByRole("img", { name: "Preview of team-photo" });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await expect(card(other, "team-photo")).toBeVisible();

  // 2. A PDF, dropped on the drop zone, with a title of its own.
  await page.getByRole("button", { name: "Upload document" }).first().click();
  const dataTransfer = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], "handbook.pdf", { type: "application/pdf" }));
      return transfer;
    },
    [...HANDBOOK_V1],
  );
  await uploadDialog.getByText("or drag and drop it here").dispatchEvent("drop", { dataTransfer });
  await expect(uploadDialog.getByText("handbook.pdf")).toBeVisible();
  await uploadDialog.getByLabel("Title").fill("Employee Handbook");
  await uploadDialog.getByLabel("Description").fill("Policies and benefits for everyone");
  await uploadDialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(card(page, "Employee Handbook")).toBeVisible();
  await expect(card(other, "Employee Handbook")).toBeVisible();

  // 3. Search, done by the server.
  await page.getByLabel("Search documents").fill("POLICIES");
  await expect(card(page, "team-photo")).toBeHidden();
  await expect(card(page, "Employee Handbook")).toBeVisible();
  await expect(page).toHaveURL(/q=POLICIES/);
  await page.getByLabel("Search documents").fill("offsite");
  await expect(card(page, "Employee Handbook")).toBeHidden();
  await expect(card(page, "team-photo")).toBeVisible();
  await page.getByLabel("Search documents").fill("");
  await expect(card(page, "Employee Handbook")).toBeVisible();

  // 4. Download: the same bytes, and the count rises for everyone.
  const first = await downloadedBytes(page, () =>
    card(page, "Employee Handbook").getByRole("button", { name: "Download Employee Handbook" }).click(),
  );
  expect(first.name).toBe("handbook.pdf");
  expect(first.bytes.equals(HANDBOOK_V1)).toBe(true);
  await expect(other.getByRole("region", { name: "Document statistics" })).toContainText("Employee Handbook");

  // 5. A new version, from the document's details.
  await card(page, "Employee Handbook").getByRole("button", { name: "Employee Handbook", exact: true }).click();
  const details = page.getByRole("dialog", { name: "Employee Handbook" });
  await expect(details.getByText("Version 1", { exact: true })).toBeVisible();
  await details
    .getByLabel("Choose the new file")
    .setInputFiles({ name: "handbook-2025.pdf", mimeType: "application/pdf", buffer: HANDBOOK_V2 });
  await details.getByRole("button", { name: "Upload new version" }).click();
  await expect(details.getByText("Version 2 uploaded successfully!")).toBeVisible();
  await expect(details.getByText("Version 2", { exact: true })).toBeVisible();
  const versionOne = await downloadedBytes(page, () =>
    details.getByRole("button", { name: "Download version 1" }).click(),
  );
  expect(versionOne.bytes.equals(HANDBOOK_V1)).toBe(true);
  const current = await downloadedBytes(page, () =>
    details.getByRole("button", { name: "Download", exact: true }).click(),
  );
  expect(current.name).toBe("handbook-2025.pdf");
  expect(current.bytes.equals(HANDBOOK_V2)).toBe(true);
  await expect(card(other, "Employee Handbook")).toContainText("Version 2");
  await page.keyboard.press("Escape");

  // 6. Delete, after the confirmation.
  await card(page, "team-photo").getByRole("button", { name: "Delete team-photo" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete document" });
  await expect(confirm.getByText("Are you sure you want to delete this document?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Document deleted successfully!")).toBeVisible();
  await expect(card(page, "team-photo")).toBeHidden();
  await expect(card(other, "team-photo")).toBeHidden();
  await expect(card(other, "Employee Handbook")).toBeVisible();

  expect(errors, "uncaught errors in the page").toEqual([]);
  await otherContext.close();
});

test("the grid/list choice is remembered, and refused files show the spec's texts", async ({ ownerPage: page }) => {
  await page.goto("/documents");
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");

  // A file over 1 MB is refused in the browser with the spec's text.
  await page.getByRole("button", { name: "Upload document" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload document" });
  await dialog
    .getByLabel("Choose a file")
    .setInputFiles({ name: "big.txt", mimeType: "text/plain", buffer: Buffer.alloc(1024 * 1024 + 1, "a") });
  await expect(dialog.getByText("File size too large. Please upload a file smaller than 1MB.")).toBeVisible();
  // A type outside the list, too.
  await dialog
    .getByLabel("Choose a file")
    .setInputFiles({ name: "setup.exe", mimeType: "", buffer: Buffer.from("MZ") });
  await expect(
    dialog.getByText("File type not supported. Please upload a document, image, or text file."),
  ).toBeVisible();
  // And a disguised file, by the server: HTML content named as a PDF.
  await dialog.getByLabel("Choose a file").setInputFiles({
    name: "invoice.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(
    dialog.getByText("File type not supported. Please upload a document, image, or text file."),
  ).toBeVisible();
});

type PreviewResponse = { status: number; type: string | undefined; bytes: Buffer };

/** Every preview the page receives, with its bytes. */
function recordPreviews(page: Page): PreviewResponse[] {
  const previews: PreviewResponse[] = [];
  page.on("response", async (response) => {
    if (!response.url().includes("/preview")) return;
    const bytes = await response.body().catch(() => Buffer.alloc(0));
    previews.push({ status: response.status(), type: response.headers()["content-type"], bytes });
  });
  return previews;
}

async function uploadImage(page: Page, name: string, buffer: Buffer) {
  await page.goto("/documents");
  await page.getByRole("button", { name: "Upload document" }).first().click();
  const uploadDialog = page.getByRole("dialog", { name: "Upload document" });
  await uploadDialog.getByLabel("Choose a file").setInputFiles({ name, mimeType: "image/png", buffer });
  await uploadDialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Document uploaded successfully!")).toBeVisible();
}

test("an image bomb's preview is a small thumbnail made on the server; the download is the upload", async ({
  ownerPage: page,
}) => {
  const upload = await grayBombPng(20_000, 20_000);
  expect(upload.length).toBeLessThan(400_000);
  const previews = recordPreviews(page);
  await uploadImage(page, "bomb.png", upload);

  const bomb = card(page, "bomb");
  const preview = bomb.getByRole("img", { name: "Preview of bomb" });
  await expect(preview).toBeVisible();
  // What the browser decoded: at most the thumbnail's size, never 20,000 × 20,000.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const size = await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(Math.max(...size)).toBeLessThanOrEqual(480);
  await expect.poll(() => previews.filter((p) => p.status === 200).length).toBeGreaterThan(0);
  for (const received of previews.filter((p) => p.status === 200)) {
    expect(received.type).toBe("image/webp");
    expect(received.bytes.length).toBeLessThan(10_000);
    // A plain WebP: no EXIF or XMP chunk.
    expect(received.bytes.includes(Buffer.from("EXIF"))).toBe(false);
    expect(received.bytes.includes(Buffer.from("XMP "))).toBe(false);
  }
  expect(previews.every((p) => p.status === 200 || p.status === 304)).toBe(true);

  const download = await downloadedBytes(page, () => bomb.getByRole("button", { name: "Download bomb" }).click());
  expect(download.bytes.equals(upload)).toBe(true);
});

test("an image beyond the preview limits gets a clear 'no preview', never the original in the browser", async ({
  ownerPage: page,
}) => {
  const previews = recordPreviews(page);
  // 20,001 × 20,000 pixels: just past the hard limit.
  await uploadImage(page, "giant.png", hugePng(20_001, 20_000));

  const bomb = card(page, "giant");
  await expect(bomb.getByRole("img", { name: "This document has no preview" })).toBeVisible();
  await expect(bomb.getByRole("img", { name: "Preview of giant" })).toHaveCount(0);
  await expect.poll(() => previews.length).toBeGreaterThan(0);
  expect(previews.every((preview) => preview.status === 404 && preview.type !== "image/png")).toBe(true);
});
