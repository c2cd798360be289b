import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";
import { createTask } from "./support/tasks-and-workflows.ts";

// Safe inputs end to end (decisions 060, 061, 064): an admin keeps a secret, an editor builds a
// workflow that is given it and asks for a parameter, runs it from the generated form on the real
// runner program, and the output shows the parameter's value and *** where the secret was printed.

const PASSWORD = "Hx7-correct-horse-battery";

test("an editor's workflow is given the admin's secret and a parameter, and the output masks the secret", async ({
  owner,
  runnerProgram,
  ownerPage,
  request,
  newRequest,
  browser,
}) => {
  test.setTimeout(60_000);
  // The admin (here the owner) keeps the secret.
  await ownerPage.goto("/admin/secrets");
  await ownerPage.getByRole("button", { name: "New secret" }).first().click();
  const created = ownerPage.getByRole("dialog", { name: "New secret" });
  await created.getByLabel("Name").fill("DB_PASSWORD");
  await created.getByLabel("Value").fill(PASSWORD);
  await created.getByRole("button", { name: "Create secret" }).click();
  await expect(ownerPage.getByRole("row", { name: /DB_PASSWORD/ })).toBeVisible();

  await runnerProgram(owner.organizationId, "e2e-secrets-runner");
  await createTask(request, owner.organizationId, {
    name: "Connect to the database",
    category: "maintenance",
    commands: { linux: 'echo "connecting to $FLOWDECK_PARAM_DATABASE with $DB_PASSWORD"' },
  });

  const editor = await registerInvitedMember({ request, organizationId: owner.organizationId }, "editor", newRequest);
  const page = await openSignedInPage(browser, editor.request);
  await page.goto("/workflows");
  await page.getByRole("button", { name: "Create Workflow" }).click();
  const form = page.getByRole("region", { name: "Create Workflow" });
  await form.getByLabel("Name", { exact: true }).fill("Database check");
  await form
    .getByRole("group", { name: "Available commands" })
    .getByRole("checkbox", { name: "Connect to the database" })
    .check();
  await form
    .getByRole("group", { name: "Secrets" })
    .getByRole("checkbox", { name: /DB_PASSWORD/ })
    .check();
  await form.getByRole("button", { name: "Add parameter" }).click();
  const parameter = form.getByRole("group", { name: /^Parameter 1/ });
  await parameter.getByLabel("Name").fill("database");
  await parameter.getByLabel("Label").fill("Database");
  await parameter.getByLabel("Default").fill("orders");
  await form.getByRole("group", { name: "Secrets" }).screenshot({ path: "test-results/secrets-field-1280-light.png" });
  await form.getByRole("button", { name: "Create Workflow" }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole("article", { name: "Database check" });
  await card.getByRole("button", { name: /^Run now/ }).click();
  const dialog = page.getByRole("dialog", { name: "Run Database check" });
  await dialog.getByRole("textbox", { name: "Database" }).fill("billing");
  await dialog.getByRole("button", { name: "Run", exact: true }).click();
  await expect(dialog).toBeHidden();

  await card.getByRole("link", { name: /view the last run of Database check/ }).click();
  const output = page.getByRole("log", { name: "Output of Connect to the database" });
  await expect(output).toContainText("connecting to billing with ***", { timeout: 15_000 });
  await expect(page.locator("body")).not.toContainText(PASSWORD);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `test-results/secret-run-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.context().close();
});
