import sharp from "sharp";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Issue 8: an admin (here the owner) gives the organization a logo and a timezone while a member
// watches the shell change; a member updates their own name, phone and avatar and sees the badge
// change; a workflow's next run moves to the organization's new clock.

/** A 600×300 PNG: two colour bands, so the re-encoded 300×150 logo is easy to recognise. */
async function logoPng(): Promise<Buffer> {
  const left = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 600, height: 300, channels: 3, background: "#f59e0b" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

async function avatarJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 400, channels: 3, background: "#db2777" } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" } })
    .toBuffer();
}

test("an admin uploads a logo and changes the timezone; every member's shell follows without a reload", async ({
  owner,
  request,
  ownerPage: admin,
  browser,
  newRequest,
}) => {
  const member = await registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest);
  const watcher = await openSignedInPage(browser, member.request);
  const errors: Error[] = [];
  admin.on("pageerror", (error) => errors.push(error));
  watcher.on("pageerror", (error) => errors.push(error));

  await watcher.goto("/dashboard");
  const watcherSidebar = watcher.locator("aside");
  await expect(watcherSidebar.getByText(owner.organizationName)).toBeVisible();
  await expect(watcherSidebar.getByTestId("organization-logo")).toHaveCount(0);
  await watcher.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  await admin.goto("/admin/settings");
  await expect(admin.getByRole("heading", { name: "Organization Settings" })).toBeVisible();
  await expect(admin.getByLabel("Timezone")).toHaveValue("UTC");
  await expect(admin.getByLabel("Domain")).toHaveValue(owner.domain);
  await expect(admin.getByRole("switch", { name: "Email notifications" })).toBeChecked();
  await expect(admin.getByRole("switch", { name: "Weekly reports" })).not.toBeChecked();

  // The logo: previewed before uploading, then the stored (re-encoded) one.
  const logoSection = admin.getByRole("region", { name: "Logo" });
  await logoSection.getByLabel("Logo image file").setInputFiles({
    name: "brand.png",
    mimeType: "image/png",
    buffer: await logoPng(),
  });
  await expect(logoSection.getByRole("img", { name: "Preview of the chosen logo" })).toBeVisible();
  await logoSection.getByRole("button", { name: "Upload logo" }).click();
  await expect(logoSection.getByText("Logo uploaded successfully!")).toBeVisible();
  await expect(logoSection.getByRole("img", { name: `${owner.organizationName} logo` })).toBeVisible();
  await expect(logoSection.getByText(/Stored as PNG · 300×150/)).toBeVisible();
  await expect(admin.locator("aside").getByTestId("organization-logo")).toBeVisible();

  // A file that is not an image is refused before it is sent, with the specification's text.
  await logoSection.getByLabel("Logo image file").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not an image"),
  });
  await expect(logoSection.getByRole("alert")).toHaveText(
    "Invalid file type. Please upload a JPEG, PNG, GIF, or WebP image.",
  );

  // Field-level validation with the server's schema.
  const name = admin.getByLabel("Organization name");
  await name.fill("   ");
  await admin.getByRole("button", { name: "Save Settings" }).click();
  await expect(admin.getByText("Organization name is required and must be a non-empty string")).toBeVisible();
  await admin.getByLabel("Website").fill("not a website");
  await admin.getByRole("button", { name: "Save Settings" }).click();
  await expect(admin.getByText("Please enter a valid website address (e.g., https://example.com)")).toBeVisible();

  // A new name and timezone (and a website typed without its scheme).
  await name.fill("Night Shift Ops");
  await admin.getByLabel("Website").fill("nightshift.example.org");
  await admin.getByLabel("Timezone").selectOption("Asia/Tokyo");
  await admin.getByLabel("Industry").selectOption("consulting");
  await admin.getByRole("switch", { name: "Weekly reports" }).check();
  await admin.getByRole("button", { name: "Save Settings" }).click();
  await expect(admin.getByText("Organization settings updated successfully!")).toBeVisible();
  await expect(admin.getByLabel("Website")).toHaveValue("https://nightshift.example.org");
  await expect(admin.locator("aside").getByText("Night Shift Ops")).toBeVisible();

  // The member's open page shows the new name and the logo, never reloaded.
  await expect(watcherSidebar.getByText("Night Shift Ops")).toBeVisible();
  await expect(watcherSidebar.getByTestId("organization-logo")).toBeVisible();
  expect(await watcher.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Saved for good.
  await admin.reload();
  await expect(admin.getByLabel("Timezone")).toHaveValue("Asia/Tokyo");
  await expect(admin.getByLabel("Industry")).toHaveValue("consulting");
  await expect(admin.getByRole("switch", { name: "Weekly reports" })).toBeChecked();
  expect(errors, "uncaught errors in the pages").toEqual([]);
});

test("a member updates their name, phone and avatar and sees the badge change at once", async ({
  owner,
  request,
  browser,
  newRequest,
}) => {
  const member = await registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest);
  const page = await openSignedInPage(browser, member.request);
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  const badge = page.locator("aside");

  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
  const localPart = member.email.split("@")[0] ?? "";
  await expect(badge.getByText(localPart, { exact: true })).toBeVisible();

  // The email is shown and cannot be edited.
  const email = page.getByLabel("Email");
  await expect(email).toHaveValue(member.email);
  await expect(email).toHaveAttribute("readonly", "");
  await expect(page.getByText("cannot be changed here")).toBeVisible();

  await page.getByLabel("Display name").fill("  Mina Member  ");
  await page.getByLabel("Phone").fill("+81 3 1234 5678");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await expect(page.getByLabel("Display name")).toHaveValue("Mina Member");
  await expect(badge.getByText("Mina Member", { exact: true })).toBeVisible();

  // A bad phone number is refused in the form, with the field's message.
  await page.getByLabel("Phone").fill("call me");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByLabel("Phone")).toHaveValue("+81 3 1234 5678");

  // The avatar: previewed, uploaded, and in the badge without a reload.
  await expect(badge.locator("img")).toHaveCount(0);
  await page.getByLabel("Avatar image file").setInputFiles({
    name: "me.jpg",
    mimeType: "image/jpeg",
    buffer: await avatarJpeg(),
  });
  await expect(page.getByRole("img", { name: "Preview of the chosen avatar" })).toBeVisible();
  await page.getByRole("button", { name: "Upload avatar" }).click();
  await expect(page.getByText("Avatar updated successfully!")).toBeVisible();
  await expect(page.getByRole("img", { name: "Your avatar" })).toBeVisible();
  const badgeImage = badge.locator("img");
  await expect(badgeImage).toHaveAttribute("src", /^\/api\/users\/[^/]+\/avatar\?v=\d+$/);
  // It loads (the browser is allowed to fetch it) and is the stored 200×200 picture.
  await expect.poll(() => badgeImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(200);

  // After a reload everything is still there.
  await page.reload();
  await expect(page.getByLabel("Phone")).toHaveValue("+81 3 1234 5678");
  await expect(badge.getByText("Mina Member", { exact: true })).toBeVisible();
  await expect(badge.locator("img")).toHaveAttribute("src", /\/avatar\?v=/);
  expect(errors, "uncaught errors in the page").toEqual([]);
});

test("a workflow's next run follows the organization's timezone", async ({ owner, request, ownerPage: page }) => {
  const command = await createTask(request, owner.organizationId, {
    name: "Rotate logs",
    commands: { linux: "logrotate -f /etc/logrotate.conf" },
  });
  await createWorkflow(request, owner.organizationId, [command.id], {
    name: "Weekly housekeeping",
    schedule: { type: "weekly", isEnabled: true, dayOfWeek: "1", time: "09:00" },
  });

  await page.goto("/workflows");
  const card = page.getByRole("article", { name: "Weekly housekeeping" });
  await expect(card.getByText(/09:00 UTC/)).toBeVisible();

  await page.goto("/admin/settings");
  await expect(page.getByLabel("Organization ID", { exact: true })).toHaveText(owner.organizationId);
  await page.getByLabel("Timezone").selectOption("Asia/Tokyo");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Organization settings updated successfully!")).toBeVisible();

  // Monday 09:00 is now Tokyo's clock.
  await page.goto("/workflows");
  await expect(card.getByText(/Mon, .*09:00 .*\(Tokyo\)/)).toBeVisible();

  // Any IANA zone, found by searching (issue 26).
  await page.goto("/admin/settings");
  await page.getByRole("searchbox", { name: "Find a time zone" }).fill("kolkata");
  await expect(page.getByLabel("Timezone").getByRole("option")).toHaveText([/Tokyo/, "Asia/Kolkata (UTC+05:30)"]);
  await page.getByLabel("Timezone").selectOption("Asia/Kolkata");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Organization settings updated successfully!")).toBeVisible();
  await page.goto("/workflows");
  await expect(card.getByText(/Mon, .*09:00 .*\(Asia\/Kolkata\)/)).toBeVisible();
});
