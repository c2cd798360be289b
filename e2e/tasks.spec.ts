import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { E2E_PASSWORD, shareSession, uniqueEmail } from "./support/accounts.ts";
import { E2E_BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { extractLink, waitForMail } from "./support/outbox.ts";

// Issue 5: an editor manages the command library while another member watches it change live;
// a viewer cannot open the page.

const ORIGIN = { origin: E2E_BASE_URL };

/**
 * Gives a new account a role in the owner's organization the way a person gets one: the owner
 * invites the address, the invitee registers with the code from the mail and is signed in.
 */
async function memberWithRole(
  owner: { request: APIRequestContext; organizationId: string },
  role: "viewer" | "editor",
  newRequest: () => Promise<APIRequestContext>,
) {
  const email = uniqueEmail(role);
  const since = new Date();
  const invited = await owner.request.post(`/api/orgs/${owner.organizationId}/invitations`, {
    headers: ORIGIN,
    data: { email, role },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = extractLink(await waitForMail({ to: email, since }), "/invite/");
  const invitationCode = decodeURIComponent(new URL(link).pathname.split("/").pop() ?? "");

  const request = await newRequest();
  const registered = await request.post("/api/account/register", {
    headers: ORIGIN,
    data: { mode: "join", email, password: E2E_PASSWORD, confirmPassword: E2E_PASSWORD, invitationCode },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return request;
}

async function signedInPage(browser: Browser, request: APIRequestContext): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  await shareSession(request, context);
  return context.newPage();
}

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
  const editorRequest = await memberWithRole({ request, organizationId: owner.organizationId }, "editor", newRequest);
  const editor = await signedInPage(browser, editorRequest);
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
  const viewerRequest = await memberWithRole({ request, organizationId: owner.organizationId }, "viewer", newRequest);
  const viewer = await signedInPage(browser, viewerRequest);

  await viewer.goto("/tasks");

  await expect(viewer.getByRole("heading", { name: "Access denied" })).toBeVisible();
  await expect(
    viewer.getByText("You need editor role or higher to access this page. Your current role is viewer."),
  ).toBeVisible();
  await expect(viewer.getByText("Please contact your organization administrator to request access.")).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Add Command" })).toHaveCount(0);
  await viewer.context().close();
});
