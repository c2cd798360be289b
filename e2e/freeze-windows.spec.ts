import { accessDeniedMessage } from "@flowdeck/shared/permissions/access";
import { E2E_BASE_URL } from "./support/env.ts";
import { PHONE } from "./support/every-dialog.ts";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Freeze windows (decision 071): an admin (here the owner) creates a window in force now on
// Administration → Freeze windows; Run now of a workflow that respects windows says it is frozen
// until when, and runs only with a reason to override, which the run then shows. An editor is
// denied the page and sees no way to override.

/** A wall-clock time in UTC (the organization's time zone), as a datetime-local field takes it. */
const local = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().slice(0, 16);

test("an admin freezes changes, Run now is held, and an override with a reason runs it", async ({
  owner,
  ownerPage: page,
  request,
  browser,
  newRequest,
}) => {
  const orgId = owner.organizationId;
  const task = await createTask(request, orgId, { name: "Deploy web", commands: { linux: "echo deploy" } });
  const workflow = await createWorkflow(request, orgId, [task.id], { name: "Deploy" });
  const respect = await request.patch(`/api/orgs/${orgId}/workflows/${workflow.id}`, {
    headers: { origin: E2E_BASE_URL },
    data: { respectFreezeWindows: true },
  });
  expect(respect.status()).toBe(200);

  await page.goto("/admin/freeze-windows");
  await expect(page.getByRole("heading", { level: 1, name: "Freeze windows" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No freeze windows" })).toBeVisible();
  await page.getByRole("button", { name: "New freeze window" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New freeze window" });
  await dialog.getByRole("button", { name: "Create freeze window" }).click();
  await expect(dialog.getByText("Say why changes are frozen")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Black Friday sale");
  await dialog.getByLabel("Starts").fill(local(-3_600_000));
  await dialog.getByLabel("Ends").fill(local(7_200_000));
  await dialog.getByRole("button", { name: "Create freeze window" }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole("row", { name: /Black Friday sale/ });
  await expect(row).toContainText("On now");

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `test-results/freeze-windows-1280-${colorScheme}.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `test-results/freeze-windows-390-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Run now: frozen until the window's end; Run waits for a reason to override.
  await page.goto("/workflows");
  await page
    .getByRole("article", { name: "Deploy" })
    .getByRole("button", { name: /^Run now/ })
    .click();
  const run = page.getByRole("dialog", { name: "Run Deploy" });
  await expect(run.getByText(/Frozen until .*Black Friday sale/)).toBeVisible();
  await expect(run.getByRole("button", { name: "Override and run" })).toBeDisabled();
  await run.getByLabel("Reason to override the freeze window").fill("Hotfix for checkout errors");
  await page.screenshot({ path: "test-results/freeze-run-now-1280-light.png" });
  await run.getByRole("button", { name: "Override and run" }).click();
  await expect(run).toHaveCount(0);
  await page
    .getByRole("article", { name: "Deploy" })
    .getByRole("link", { name: /view the last run of Deploy/ })
    .click();
  await expect(
    page.getByText("Started during a freeze window, overridden: “Hotfix for checkout errors”"),
  ).toBeVisible();

  // An editor: the page is denied, and Run now cannot be overridden.
  const editor = await registerInvitedMember({ request, organizationId: orgId }, "editor", newRequest);
  const editorPage = await openSignedInPage(browser, editor.request);
  await editorPage.goto("/admin/freeze-windows");
  await expect(editorPage.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
  await expect(editorPage.getByRole("main")).toContainText(accessDeniedMessage("admin", "editor"));
  await editorPage.context().close();
});
