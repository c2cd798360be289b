import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Issue 6: an owner builds a workflow from three commands, reorders them, schedules it weekly,
// runs it and ticks its steps off, while a viewer watches it reach 100 % live, without a reload.

const COMMANDS = ["Stop web workers", "Deploy release", "Warm the cache"];

function statValue(page: Page, label: string) {
  return page
    .locator("dl", { has: page.getByText(label, { exact: true }) })
    .locator("dd")
    .first();
}

test("a workflow is built, scheduled weekly, run and completed step by step while a viewer watches live", async ({
  owner,
  request,
  ownerPage: page,
  browser,
  newRequest,
}) => {
  for (const name of COMMANDS) {
    await createTask(request, owner.organizationId, {
      name,
      category: "deployment",
      commands: { linux: `echo ${name}` },
    });
  }
  const viewer = await registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest);
  const watcher = await openSignedInPage(browser, viewer.request);
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  watcher.on("pageerror", (error) => errors.push(error));

  // The viewer opens the page once; a marker on its window shows it is never reloaded.
  await watcher.goto("/workflows");
  await expect(watcher.getByRole("heading", { name: "No workflows yet" })).toBeVisible();
  await expect(watcher.getByRole("button", { name: "Create Workflow" })).toHaveCount(0);
  await watcher.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  // Create: the form's rules first, then three commands, reordered with the keyboard.
  await page.goto("/workflows");
  await page.getByRole("button", { name: "Create Workflow" }).click();
  const form = page.getByRole("region", { name: "Create Workflow" });
  await form.getByRole("button", { name: "Create Workflow" }).click();
  await expect(form.getByText("Workflow name is required")).toBeVisible();
  await expect(form.getByText("At least one task must be selected")).toBeVisible();

  await form.getByLabel("Name", { exact: true }).fill("Release to production");
  await form.getByLabel("Description").fill("Ship the release and warm up");
  const available = form.getByRole("group", { name: "Available commands" });
  await expect(form.getByText("Showing 3 of 3 commands")).toBeVisible();
  // The search is the server's: the organization's commands are read a page at a time.
  const searched = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.endsWith("/workflows/commands") &&
      new URL(response.url()).searchParams.get("q") === "warm",
  );
  await form.getByPlaceholder("Search commands").fill("warm");
  await searched;
  await expect(available.getByRole("checkbox")).toHaveCount(1);
  await expect(form.getByText("Showing 1 of 1 command")).toBeVisible();
  await form.getByPlaceholder("Search commands").fill("");
  for (const name of COMMANDS) await available.getByRole("checkbox", { name }).check();
  const chosen = form.getByRole("list", { name: "Chosen commands" }).getByRole("listitem");
  await expect(chosen).toHaveText([/Stop web workers/, /Deploy release/, /Warm the cache/]);

  const moveUp = form.getByRole("button", { name: "Move Warm the cache up" });
  await moveUp.focus();
  await page.keyboard.press("Enter");
  await expect(chosen).toHaveText([/Stop web workers/, /Warm the cache/, /Deploy release/]);
  await expect(moveUp).toBeFocused(); // focus follows the moved command
  await form.getByRole("button", { name: "Move Stop web workers down" }).click();
  await form.getByRole("button", { name: "Move Stop web workers up" }).click();
  await expect(chosen).toHaveText([/Stop web workers/, /Warm the cache/, /Deploy release/]);

  // Weekly on Monday at 09:00; the next run shows before saving.
  await form.getByLabel("Run on a schedule").check();
  await form.getByLabel("Repeats").selectOption("weekly");
  await form.getByLabel("Time").fill("");
  await expect(form.getByText("Fill in the schedule to see its next run.")).toBeVisible();
  await form.getByLabel("Day of week").selectOption({ label: "Monday" });
  await form.getByLabel("Time").fill("09:00");
  await expect(form.getByText(/^Next run: Mon, .+, 09:00 UTC, in \d+ (days?|hours?|minutes?)$/)).toBeVisible();
  await form.getByRole("button", { name: "Create Workflow" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText("Workflow created successfully!")).toBeVisible();

  const card = page.getByRole("article", { name: "Release to production" });
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(card.getByText("3 commands")).toBeVisible();
  await expect(card.getByText("Every Monday at 09:00")).toBeVisible();
  await expect(card.getByText(/^Mon, .+, 09:00 UTC$/)).toBeVisible();
  await expect(card.getByText("just now", { exact: false }).first()).toBeVisible();

  const watched = watcher.getByRole("article", { name: "Release to production" });
  await expect(watched).toBeVisible();
  await expect(watched.getByText(/^Mon, .+, 09:00 UTC$/)).toBeVisible();
  await expect(statValue(watcher, "Total Workflows")).toHaveText("1");
  await expect(statValue(watcher, "Total Commands")).toHaveText("3");
  await expect(watched.getByRole("button", { name: /^Run now/ })).toHaveCount(0); // viewers read only

  // Both expand the card: the commands in their new order, and no runs yet.
  await card.getByRole("button", { name: /Show commands and runs/ }).click();
  await watched.getByRole("button", { name: /Show commands and runs/ }).click();
  const steps = card.getByRole("list", { name: "Commands of Release to production" }).getByRole("listitem");
  await expect(steps).toHaveText([/Stop web workers/, /Warm the cache/, /Deploy release/]);
  await expect(watched.getByText("Not run yet.")).toBeVisible();

  // Run it now.
  await card.getByRole("button", { name: "Run now Release to production" }).click();
  // No runner is registered: the run would wait queued; this one is a checklist, chosen.
  await expect(page.getByRole("dialog")).toContainText("No Linux runner is registered yet");
  await page.getByRole("radio", { name: /As a checklist/ }).check();
  await page.getByRole("dialog").getByRole("button", { name: "Run", exact: true }).click();
  await expect(card.getByText("In progress", { exact: true })).toBeVisible();
  await expect(watched.getByText("In progress", { exact: true })).toBeVisible();
  const history = watched.getByRole("list", { name: "Run history" }).getByRole("listitem");
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("Running");
  await expect(history.first()).toContainText(`by ${owner.email}`);

  // Tick the steps off one by one; the viewer's progress follows to 100 % and completed.
  const progress = watched.getByRole("progressbar", { name: "Progress" });
  await expect(progress).toHaveAttribute("aria-valuenow", "0");
  const expectedProgress = ["33", "67", "100"];
  for (const [index, name] of ["Stop web workers", "Warm the cache", "Deploy release"].entries()) {
    const box = card.getByRole("checkbox", { name });
    await box.check();
    await expect(box).toBeChecked();
    await expect(progress).toHaveAttribute("aria-valuenow", expectedProgress[index]!);
  }
  await expect(watched.getByText("Completed", { exact: true })).toBeVisible();
  await expect(watched.getByText("3 of 3 done", { exact: true })).toBeVisible();
  await expect(history.first()).toContainText("Succeeded");
  await expect(card.getByRole("progressbar", { name: "Progress" })).toHaveAttribute("aria-valuenow", "100");

  // The viewer's filter finds it among the completed ones.
  await watcher.getByRole("button", { name: "Completed", exact: true }).click();
  await expect(watcher.getByRole("article", { name: "Release to production" })).toBeVisible();

  expect(await watcher.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(errors, "uncaught errors in the pages").toEqual([]);
  await watcher.context().close();
});

test("a workflow is edited and deleted after confirming; the list view is remembered", async ({
  owner,
  request,
  ownerPage: page,
}) => {
  const command = await createTask(request, owner.organizationId, {
    name: "Rotate logs",
    commands: { linux: "logrotate -f /etc/logrotate.conf" },
  });
  await createWorkflow(request, owner.organizationId, [command.id], { name: "Housekeeping", status: "draft" });

  await page.goto("/workflows");
  const card = page.getByRole("article", { name: "Housekeeping" });
  await expect(card.getByText("Draft", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Edit Housekeeping" }).click();
  const form = page.getByRole("region", { name: "Edit Workflow" });
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Housekeeping");
  await form.getByLabel("Name", { exact: true }).fill("Nightly housekeeping");
  await form.getByLabel("Status").selectOption("active");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Workflow updated successfully!")).toBeVisible();
  const renamed = page.getByRole("article", { name: "Nightly housekeeping" });
  await expect(renamed.getByText("Active", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Delete Nightly housekeeping" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Workflow" });
  await expect(confirm.getByText("Are you sure you want to delete this workflow?")).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(renamed).toBeVisible();
  await page.getByRole("button", { name: "Delete Nightly housekeeping" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Workflow deleted successfully!")).toBeVisible();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No workflows yet" })).toBeVisible();
});
