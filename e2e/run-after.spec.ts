import AxeBuilder from "@axe-core/playwright";
import { RUN_AFTER_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Run after another workflow (decision 073) with the real runner program: an editor sets, in the
// workflow form, "run Deploy after Build on success" with Build's step output as Deploy's
// parameter; running Build starts Deploy with that value, and Deploy's run links to Build's.

test("a workflow set to run after another starts when it succeeds, with its step's output as a parameter", async ({
  owner,
  runnerProgram,
  request,
  newRequest,
  browser,
}) => {
  test.setTimeout(60_000);
  await runnerProgram(owner.organizationId, "e2e-run-after-runner");
  const build = await createTask(request, owner.organizationId, {
    name: "Build the release",
    category: "deployment",
    commands: { linux: 'echo "version=1.2.3" >> "$FLOWDECK_OUTPUT"' },
  });
  await createTask(request, owner.organizationId, {
    name: "Ship it",
    category: "deployment",
    commands: { linux: 'echo "shipping $FLOWDECK_PARAM_VERSION"' },
  });
  await createWorkflow(request, owner.organizationId, [build.id], { name: "Build" });

  const editor = await registerInvitedMember({ request, organizationId: owner.organizationId }, "editor", newRequest);
  const page = await openSignedInPage(browser, editor.request);
  await page.goto("/workflows");
  await page.getByRole("button", { name: "Create Workflow" }).click();
  const form = page.getByRole("region", { name: "Create Workflow" });
  await form.getByLabel("Name", { exact: true }).fill("Deploy");
  await form.getByRole("group", { name: "Available commands" }).getByRole("checkbox", { name: "Ship it" }).check();
  await form.getByRole("button", { name: "Add parameter" }).click();
  await form
    .getByRole("group", { name: /^Parameter 1/ })
    .getByLabel("Name")
    .fill("version");

  const runAfter = form.getByRole("group", { name: "Run after", exact: true });
  await runAfter.getByRole("button", { name: "Add a workflow to run after" }).click();
  await runAfter.getByLabel("Start this workflow after").selectOption({ label: "Build" });
  const row = runAfter.getByRole("group", { name: "Run after 1 (Build)" });
  await expect(row.getByLabel("When it ends")).toHaveValue("success");
  await row.getByLabel("version").fill("/outputs/step1/version");
  // Labelled, grouped and described as axe (WCAG 2 A and AA) expects.
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).include("form").analyze();
  expect(axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""))).toEqual([]);
  await form.getByRole("button", { name: "Create Workflow" }).click();
  await expect(form).toBeHidden();

  await page
    .getByRole("article", { name: "Build" })
    .getByRole("button", { name: /^Run now/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Run Build" });
  await dialog.getByRole("button", { name: "Run", exact: true }).click();
  await expect(dialog).toBeHidden();

  // Build's end starts Deploy: its card gets a run, and the run has Build's output as its parameter.
  const deploy = page.getByRole("article", { name: "Deploy" });
  await deploy.getByRole("link", { name: /view the last run of Deploy/ }).click({ timeout: 20_000 });
  await expect(page.getByRole("log", { name: "Output of Ship it" })).toContainText("shipping 1.2.3", {
    timeout: 15_000,
  });
  await expect(page.getByRole("region", { name: "Parameters" })).toContainText("1.2.3");
  await page.getByRole("link", { name: "Started after Build run" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Build" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Step outputs" })).toContainText("1.2.3");
  await page.context().close();
});

test("saving a run-after that would make a loop is refused on its row", async ({ owner, request, ownerPage: page }) => {
  const task = await createTask(request, owner.organizationId, { name: "Say hello", commands: { linux: "echo hi" } });
  const first = await createWorkflow(request, owner.organizationId, [task.id], { name: "First" });
  await createWorkflow(request, owner.organizationId, [task.id], {
    name: "Second",
    runAfter: [{ workflowId: first.id, on: "always" }],
  });

  await page.goto("/workflows");
  await page.getByRole("article", { name: "First" }).getByRole("button", { name: /^Edit/ }).click();
  const form = page.getByRole("region", { name: "Edit Workflow" });
  const runAfter = form.getByRole("group", { name: "Run after", exact: true });
  await runAfter.getByRole("button", { name: "Add a workflow to run after" }).click();
  const choice = runAfter.getByLabel("Start this workflow after");
  await choice.selectOption({ label: "Second" });
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(runAfter.getByRole("alert")).toHaveText(RUN_AFTER_MESSAGES.loop(["Second", "First"]));
  await expect(choice).toBeFocused();
  // On a phone the section fits the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 800 });
  await runAfter.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await runAfter.screenshot({ path: "test-results/run-after-loop-390.png" });
});
