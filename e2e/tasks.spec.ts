import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";

// Issue 5: an editor manages the command library while another member watches it change live;
// a viewer cannot open the page.

function card(page: Page, name: string) {
  return page.getByRole("article", { name });
}

function statValue(page: Page, label: string) {
  return page
    .locator("dl", { has: page.getByText(label, { exact: true }) })
    .locator("dd")
    .first();
}

test("an editor adds, edits, filters and deletes a command while another member sees each change live", async ({
  owner,
  request,
  ownerPage: watcher,
  browser,
  newRequest,
}) => {
  const editorMember = await registerInvitedMember(
    { request, organizationId: owner.organizationId },
    "editor",
    newRequest,
  );
  const editor = await openSignedInPage(browser, editorMember.request);
  const errors: Error[] = [];
  editor.on("pageerror", (error) => errors.push(error));
  watcher.on("pageerror", (error) => errors.push(error));

  // The watcher opens the page once; a marker on its window shows it is never reloaded.
  await watcher.goto("/tasks");
  await expect(watcher.getByRole("heading", { name: "No commands yet" })).toBeVisible();
  await watcher.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  await editor.goto("/tasks");
  await expect(editor.getByRole("heading", { name: "Tasks", exact: true })).toBeVisible();

  // Add a command with two platforms and tags.
  await editor.getByRole("button", { name: "Add Command" }).click();
  const addDialog = editor.getByRole("dialog", { name: "Add Command" });
  await addDialog.getByRole("button", { name: "Add Command" }).click();
  await expect(addDialog.getByText("Task name is required")).toBeVisible();
  await expect(addDialog.getByText("At least one command is required")).toBeVisible();
  await addDialog.getByLabel("Name", { exact: true }).fill("  Restart web server  ");
  await addDialog.getByLabel("Category").selectOption("deployment");
  await addDialog.getByLabel("Linux").fill("sudo systemctl restart nginx");
  await addDialog.getByLabel("macOS").fill("brew services restart nginx");
  await addDialog.getByLabel("Tags").fill("web, , nginx ,");
  await addDialog.getByRole("button", { name: "Add Command" }).click();
  await expect(addDialog).toBeHidden();
  await expect(editor.getByText("Task created successfully!")).toBeVisible();

  const added = card(editor, "Restart web server");
  await expect(added).toBeVisible();
  await expect(added.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["web", "nginx"]);
  await expect(added.getByText("sudo systemctl restart nginx")).toBeVisible();
  await expect(added.getByText("Never")).toBeVisible();

  await expect(card(watcher, "Restart web server")).toBeVisible();
  await expect(statValue(watcher, "Total Commands")).toHaveText("1");
  await expect(statValue(watcher, "Deployment")).toHaveText("1");

  // Edit it: a new name, and inactive.
  await editor.getByRole("button", { name: "Edit Restart web server" }).click();
  const editDialog = editor.getByRole("dialog", { name: "Edit Command" });
  await expect(editDialog.getByLabel("Tags")).toHaveValue("web, nginx");
  await editDialog.getByLabel("Name", { exact: true }).fill("Reload web server");
  await editDialog.getByLabel("Status").selectOption("inactive");
  await editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(editDialog).toBeHidden();
  await expect(editor.getByText("Task updated successfully!")).toBeVisible();
  await expect(card(editor, "Reload web server").getByText("Inactive", { exact: true })).toBeVisible();

  await expect(card(watcher, "Reload web server")).toBeVisible();
  await expect(card(watcher, "Restart web server")).toHaveCount(0);
  await expect(card(watcher, "Reload web server").getByText("Inactive", { exact: true })).toBeVisible();

  // Switch tabs: the inactive command is under Inactive, not under Active.
  await editor.getByRole("tab", { name: /^Active/ }).click();
  await expect(editor.getByRole("tab", { name: /^Active/ })).toHaveAttribute("aria-selected", "true");
  await expect(editor.getByRole("heading", { name: "No commands match" })).toBeVisible();
  await editor.getByRole("tab", { name: /^Active/ }).press("ArrowRight");
  await expect(editor.getByRole("tab", { name: /^Inactive/ })).toHaveAttribute("aria-selected", "true");
  await expect(card(editor, "Reload web server")).toBeVisible();
  await editor.getByRole("tab", { name: /^All/ }).click();
  await expect(card(editor, "Reload web server")).toBeVisible();

  // Delete it, through the confirmation.
  await editor.getByRole("button", { name: "Delete Reload web server" }).click();
  const confirm = editor.getByRole("dialog", { name: "Delete Command" });
  await expect(confirm.getByText("Are you sure you want to delete this task?")).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(card(editor, "Reload web server")).toBeVisible();
  await editor.getByRole("button", { name: "Delete Reload web server" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(editor.getByText("Task deleted successfully!")).toBeVisible();
  await expect(card(editor, "Reload web server")).toHaveCount(0);

  await expect(card(watcher, "Reload web server")).toHaveCount(0);
  await expect(watcher.getByRole("heading", { name: "No commands yet" })).toBeVisible();
  await expect(statValue(watcher, "Total Commands")).toHaveText("0");
  expect(await watcher.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(errors, "uncaught errors in the pages").toEqual([]);
  await editor.context().close();
});

test("a viewer cannot reach /tasks and sees the access-denied panel", async ({
  owner,
  request,
  browser,
  newRequest,
}) => {
  const viewerMember = await registerInvitedMember(
    { request, organizationId: owner.organizationId },
    "viewer",
    newRequest,
  );
  const viewer = await openSignedInPage(browser, viewerMember.request);

  await viewer.goto("/tasks");

  await expect(viewer.getByRole("heading", { name: "Access denied" })).toBeVisible();
  await expect(
    viewer.getByText("You need editor role or higher to access this page. Your current role is viewer."),
  ).toBeVisible();
  await expect(viewer.getByText("Please contact your organization administrator to request access.")).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Add Command" })).toHaveCount(0);
  await viewer.context().close();
});
