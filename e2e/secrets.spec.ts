import { accessDeniedMessage } from "@flowdeck/shared/permissions/access";
import { PHONE } from "./support/every-dialog.ts";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";

// The Secrets page: an admin (here the owner) creates a secret, the list never shows its value;
// an editor sees the names read-only; a viewer is denied.

const VALUE = "Zq#9-Wx!kL%p&Rv*2u";

test("an admin creates a secret, an editor sees it read-only, a viewer is denied", async ({
  owner,
  ownerPage: page,
  request,
  browser,
  newRequest,
}) => {
  await page.goto("/admin/secrets");
  await expect(page.getByRole("heading", { level: 1, name: "Secrets" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No secrets yet" })).toBeVisible();

  await page.getByRole("button", { name: "New secret" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New secret" });
  await dialog.getByLabel("Name").fill("db_password");
  await dialog.getByLabel("Value").fill("abc");
  await dialog.getByRole("button", { name: "Create secret" }).click();
  // The shared schema refuses both before anything is sent; focus goes to the first to fix.
  await expect(dialog.getByText("A secret name is UPPER_SNAKE_CASE", { exact: false })).toBeVisible();
  await expect(dialog.getByText("shorter values cannot be masked", { exact: false })).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByLabel("Name").fill("DB_PASSWORD");
  await expect(dialog.getByLabel("Value")).toHaveAttribute("type", "password");
  await dialog.getByLabel("Value").fill(VALUE);
  await dialog.getByLabel("Description").fill("Primary database");
  await dialog.getByRole("button", { name: "Create secret" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Secret DB_PASSWORD created." })).toBeVisible();

  const row = page.getByRole("row", { name: /DB_PASSWORD/ });
  await expect(row).toContainText("Primary database");
  await expect(row).toContainText(owner.email);
  await expect(page.locator("body")).not.toContainText(VALUE);

  // Replacing: the value field starts empty, never filled with the old value.
  await page.getByRole("button", { name: "Replace the value of DB_PASSWORD" }).click();
  const replace = page.getByRole("dialog", { name: "Replace the value of DB_PASSWORD" });
  await expect(replace.getByLabel("Value")).toHaveValue("");
  await expect(replace.getByLabel("Description")).toHaveValue("Primary database");
  await replace.getByLabel("Several lines (shown while you type)").check();
  await replace.getByLabel("Value").fill("-----BEGIN KEY-----\nline two of it\n-----END KEY-----");
  await replace.getByRole("button", { name: "Replace value" }).click();
  await expect(replace).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "The value of DB_PASSWORD was replaced." })).toBeVisible();

  // A second secret to delete, after confirming.
  await page.getByRole("button", { name: "New secret" }).first().click();
  const second = page.getByRole("dialog", { name: "New secret" });
  await second.getByLabel("Name").fill("OLD_TOKEN");
  await second.getByLabel("Value").fill("old-token-value");
  await second.getByRole("button", { name: "Create secret" }).click();
  await expect(page.getByRole("row", { name: /OLD_TOKEN/ })).toBeVisible();
  await page.getByRole("button", { name: "Delete OLD_TOKEN" }).click();
  await page.getByRole("dialog", { name: "Delete secret" }).getByRole("button", { name: "Delete secret" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0); // the page behind an open dialog is hidden
  await expect(page.getByRole("row", { name: /OLD_TOKEN/ })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Secret OLD_TOKEN deleted." })).toBeVisible();

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: `test-results/secrets-owner-1280-${colorScheme}.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await expect(page.getByRole("list", { name: "1 secret" }).getByText("DB_PASSWORD")).toBeVisible();
    await page.screenshot({ path: `test-results/secrets-owner-390-${colorScheme}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByRole("button", { name: "New secret" }).first().click();
  await page.screenshot({ path: "test-results/secrets-dialog-1280-light.png" });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // An editor: the names, read-only.
  const editor = await registerInvitedMember({ request, organizationId: owner.organizationId }, "editor", newRequest);
  const editorPage = await openSignedInPage(browser, editor.request);
  await editorPage.goto("/admin/secrets");
  await expect(editorPage.getByRole("heading", { level: 1, name: "Secrets" })).toBeVisible();
  await expect(editorPage.getByRole("row", { name: /DB_PASSWORD/ })).toContainText("Primary database");
  await expect(editorPage.getByText("Only an admin or owner can add, replace or delete them.")).toBeVisible();
  await expect(editorPage.getByRole("button", { name: "New secret" })).toHaveCount(0);
  await expect(editorPage.getByRole("button", { name: /Replace the value|Delete/ })).toHaveCount(0);
  await expect(editorPage.getByRole("navigation").getByRole("link", { name: "Secrets" })).toBeVisible();
  await editorPage.emulateMedia({ colorScheme: "dark" });
  await editorPage.screenshot({ path: "test-results/secrets-editor-1280-dark.png", fullPage: true });
  await editorPage.context().close();

  // A viewer: the access-denied page.
  const viewer = await registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest);
  const viewerPage = await openSignedInPage(browser, viewer.request);
  await viewerPage.goto("/admin/secrets");
  await expect(viewerPage.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
  await expect(viewerPage.getByRole("main")).toContainText(accessDeniedMessage("editor", "viewer"));
  await expect(viewerPage.locator("body")).not.toContainText("DB_PASSWORD");
  await viewerPage.context().close();
});
