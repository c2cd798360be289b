import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";
import { createTask } from "./support/tasks-and-workflows.ts";

// Typed run parameters (decision 061): an editor declares one in the workflow form, runs the
// workflow from the form Run now builds from it on the real runner program, the step prints the
// value it read from its environment, and Run again fills the form with that run's value.

test("an editor declares a parameter, runs the workflow from the generated form on a runner, and Run again fills it", async ({
  owner,
  runnerProgram,
  request,
  newRequest,
  browser,
}) => {
  test.setTimeout(60_000);
  await runnerProgram(owner.organizationId, "e2e-params-runner");
  await createTask(request, owner.organizationId, {
    name: "Deploy to host",
    category: "deployment",
    commands: { linux: 'echo "deploying to [$FLOWDECK_PARAM_HOST]"' },
  });
  const editor = await registerInvitedMember({ request, organizationId: owner.organizationId }, "editor", newRequest);
  const page = await openSignedInPage(browser, editor.request);

  await page.goto("/workflows");
  await page.getByRole("button", { name: "Create Workflow" }).click();
  const form = page.getByRole("region", { name: "Create Workflow" });
  await form.getByLabel("Name", { exact: true }).fill("Deploy with a host");
  await form
    .getByRole("group", { name: "Available commands" })
    .getByRole("checkbox", { name: "Deploy to host" })
    .check();
  await form.getByRole("button", { name: "Add parameter" }).click();
  const parameter = form.getByRole("group", { name: /^Parameter 1/ });
  await parameter.getByLabel("Name").fill("Host");
  await parameter.getByLabel("Label").fill("Host");
  await parameter.getByLabel("Default").fill("web-1");
  await parameter.getByLabel("Pattern").fill("web-\\d+");
  await parameter.getByLabel("Required").check();
  await form.getByRole("button", { name: "Create Workflow" }).click();
  // The name is checked by the shared schema before anything is sent.
  await expect(
    parameter.getByText("A parameter name is lower_snake_case: a letter, then letters, digits or _"),
  ).toBeVisible();
  await parameter.getByLabel("Name").fill("host");
  await form.getByRole("button", { name: "Create Workflow" }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole("article", { name: "Deploy with a host" });
  await card.getByRole("button", { name: /^Run now/ }).click();
  const dialog = page.getByRole("dialog", { name: "Run Deploy with a host" });
  await expect(dialog.getByRole("radio", { name: /On Linux/ })).toBeChecked();
  const host = dialog.getByRole("textbox", { name: "Host" });
  await expect(host).toHaveValue("web-1");
  await host.fill("db-1");
  await dialog.getByRole("button", { name: "Run", exact: true }).click();
  await expect(dialog.getByText("Host must match the pattern web-\\d+")).toBeVisible();
  await expect(host).toBeFocused();
  await host.fill("web-2");
  await dialog.getByRole("button", { name: "Run", exact: true }).click();
  await expect(dialog).toBeHidden();

  await card.getByRole("link", { name: /view the last run of Deploy with a host/ }).click();
  const output = page.getByRole("log", { name: "Output of Deploy to host" });
  await expect(output).toContainText("deploying to [web-2]", { timeout: 15_000 });
  const values = page.getByRole("region", { name: "Parameters" });
  await expect(values.getByRole("definition")).toHaveText("web-2");
  await expect(values.getByRole("term")).toHaveText("Host");
  await expect(
    page.getByRole("heading", { name: "Deploy with a host" }).locator("..").getByText("Succeeded"),
  ).toBeVisible({ timeout: 15_000 });

  await page.getByRole("button", { name: "Run again" }).click();
  const again = page.getByRole("dialog", { name: "Run Deploy with a host" });
  await expect(again.getByRole("textbox", { name: "Host" })).toHaveValue("web-2");
  await again.getByRole("button", { name: "Cancel" }).click();
  await expect(again).toBeHidden();
  await page.context().close();
});

test("a schedule of a workflow with a required parameter without default is saved only with a value for it", async ({
  owner,
  request,
  ownerPage: page,
}) => {
  await createTask(request, owner.organizationId, {
    name: "Back up database",
    category: "maintenance",
    commands: { linux: 'pg_dump "$FLOWDECK_PARAM_DATABASE"' },
  });
  await page.goto("/workflows");
  await page.getByRole("button", { name: "Create Workflow" }).click();
  const form = page.getByRole("region", { name: "Create Workflow" });
  await form.getByLabel("Name", { exact: true }).fill("Nightly backup");
  await form
    .getByRole("group", { name: "Available commands" })
    .getByRole("checkbox", { name: "Back up database" })
    .check();
  await form.getByRole("button", { name: "Add parameter" }).click();
  const parameter = form.getByRole("group", { name: /^Parameter 1/ });
  await parameter.getByLabel("Name").fill("database");
  await parameter.getByLabel("Label").fill("Database");
  await parameter.getByLabel("Required").check();
  await form.getByLabel("Run on a schedule").check();
  await form.getByLabel("Repeats").selectOption("daily");
  await form.getByRole("button", { name: "Create Workflow" }).click();
  const values = form.getByRole("group", { name: "Values for scheduled runs" });
  await expect(values.getByText("Database is required")).toBeVisible();
  await values.getByRole("textbox", { name: "Database" }).fill("orders");
  await form.getByRole("button", { name: "Create Workflow" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText("Workflow created successfully!")).toBeVisible();
});
