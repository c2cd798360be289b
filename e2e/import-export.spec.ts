import { readFile } from "node:fs/promises";
import { accessDeniedMessage } from "@flowdeck/shared/permissions/access";
import { PHONE } from "./support/every-dialog.ts";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Administration → Import and export (decision 069): the owner exports flowdeck.yaml, edits it,
// previews the change field by field and applies it; a syntax error is shown on its line; an editor
// is denied the page.

const BEFORE = "Build, ship and check";
const AFTER = "Build, ship, check and announce the release";

test("the owner exports, previews a changed description, applies it; errors name their line; an editor is denied", async ({
  owner,
  ownerPage: page,
  request,
  browser,
  newRequest,
}) => {
  test.setTimeout(90_000);
  const command = await createTask(request, owner.organizationId, { name: "Restart web server" });
  const workflow = await createWorkflow(request, owner.organizationId, [command.id], {
    name: "Deploy the web app",
    description: BEFORE,
  });

  await page.goto("/admin/import-export");
  await expect(page.getByRole("heading", { level: 1, name: "Import and export" })).toBeVisible();
  await expect(page.getByText("Nothing absent from the file is deleted", { exact: false })).toBeVisible();
  await expect(page.getByText("Secret values are never in the file", { exact: false })).toBeVisible();

  // Export: the file the browser saves, keyed by names, with no id.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export flowdeck.yaml" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("flowdeck.yaml");
  const exported = await readFile(await download.path(), "utf8");
  expect(exported).toContain("name: Deploy the web app");
  expect(exported).toContain("command: Restart web server");
  expect(exported).toContain(`description: ${BEFORE}`);
  for (const id of [workflow.id, command.id, owner.organizationId]) expect(exported).not.toContain(id);
  expect(exported).not.toMatch(/\bid:/);

  // The description changed in the text, pasted: the preview shows the one change, field by field.
  const edited = exported.replace(`description: ${BEFORE}`, `description: ${AFTER}`);
  await page.getByLabel("YAML document").fill(edited);
  const apply = page.getByRole("button", { name: "Apply", exact: true });
  await expect(apply).toBeDisabled();
  await page.getByRole("button", { name: "Preview" }).click();
  const toChange = page.getByRole("region", { name: "1 to change" });
  await expect(toChange).toBeVisible();
  const changes = toChange.getByRole("group", { name: "Changes to Deploy the web app" });
  await expect(changes.getByRole("term")).toHaveText(["description"]);
  await expect(changes.getByText(BEFORE, { exact: true })).toBeVisible();
  await expect(changes.getByText(AFTER, { exact: true })).toBeVisible();
  await expect(page.getByText("1 unchanged")).toBeVisible();
  await expect(page.getByRole("region", { name: /to create$/ })).toHaveCount(0);

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: `test-results/import-export-preview-1280-${colorScheme}.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await expect(changes.getByText(AFTER, { exact: true })).toBeVisible();
    // Nothing wider than the phone: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `test-results/import-export-preview-390-${colorScheme}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: "light" });

  // Apply, confirmed: the workflow's description is the file's.
  await expect(apply).toBeEnabled();
  await apply.click();
  const confirm = page.getByRole("dialog", { name: "Apply the import" });
  await expect(confirm).toContainText("Apply the import? It creates 0 and changes 1; nothing is deleted.");
  await page.screenshot({ path: "test-results/import-export-confirm-1280-light.png" });
  await confirm.getByRole("button", { name: "Apply" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Imported: 0 created, 1 changed." })).toBeVisible();
  const read = await request.get(`/api/orgs/${owner.organizationId}/workflows/${workflow.id}`);
  expect(read.status()).toBe(200);
  expect(((await read.json()) as { description: string }).description).toBe(AFTER);

  // The same file again changes nothing.
  await page.getByLabel("YAML document").fill(edited + "\n");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("Nothing to import: everything is unchanged.")).toBeVisible();
  await expect(page.getByText("2 unchanged")).toBeVisible();
  await expect(apply).toBeDisabled();

  // A syntax error: its line, and nothing to apply.
  await page.getByLabel("YAML document").fill("version: 1\ncommands:\n  - name: Ping\n    tags: [unclosed\n");
  await page.getByRole("button", { name: "Preview" }).click();
  const errors = page.getByRole("alert").getByRole("list", { name: /errors?$/ });
  await expect(errors.getByRole("listitem").first()).toHaveText(/^Line [4-5]: /);
  await expect(apply).toBeDisabled();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: "test-results/import-export-error-1280-dark.png", fullPage: true });

  // An editor: the page is denied, and nothing of it is shown.
  const editor = await registerInvitedMember({ request, organizationId: owner.organizationId }, "editor", newRequest);
  const editorPage = await openSignedInPage(browser, editor.request);
  await editorPage.goto("/admin/import-export");
  await expect(editorPage.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
  await expect(editorPage.getByRole("main")).toContainText(accessDeniedMessage("admin", "editor"));
  await expect(editorPage.getByRole("button", { name: "Export flowdeck.yaml" })).toHaveCount(0);
  await editorPage.context().close();
});
