import { expect, test } from "./support/fixtures.ts";
import { createTask } from "./support/tasks-and-workflows.ts";

// Issue 16, item 2: a cron schedule is typed, read back in words with its next five runs on the
// organization's clock before it is saved, and a wrong expression says what is wrong.

test("a workflow gets a cron schedule, shown in words with its next runs before saving", async ({
  owner,
  request,
  ownerPage: page,
}) => {
  await createTask(request, owner.organizationId, {
    name: "Rotate logs",
    category: "maintenance",
    commands: { linux: "logrotate /etc/logrotate.conf" },
  });

  await page.goto("/workflows");
  await page.getByRole("button", { name: "Create Workflow" }).click();
  const form = page.getByRole("region", { name: "Create Workflow" });
  await form.getByLabel("Name", { exact: true }).fill("Nightly log rotation");
  await form.getByRole("group", { name: "Available commands" }).getByRole("checkbox", { name: "Rotate logs" }).check();

  await form.getByLabel("Run on a schedule").check();
  await form.getByLabel("Repeats").selectOption({ label: "Cron" });
  const expression = form.getByLabel("Cron expression");
  await expression.fill("30 25 * * 1");
  await expect(form.getByText(/^Hour "25" is not valid: use 0–23/)).toBeVisible();

  await expression.fill("30 2 * * 1");
  await expect(form.getByText("At 02:30, only on Monday")).toBeVisible();
  const runs = form.getByRole("list", { name: "Next runs" }).getByRole("listitem");
  await expect(runs).toHaveCount(5);
  for (const run of await runs.all()) await expect(run).toHaveText(/^Mon, .+, 02:30 UTC$/);

  await form.getByRole("button", { name: "Create Workflow" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText("Workflow created successfully!")).toBeVisible();
  const card = page.getByRole("article", { name: "Nightly log rotation" });
  await expect(card.getByText("At 02:30, only on Monday")).toBeVisible();
  await expect(card.getByText(/^Mon, .+, 02:30 UTC$/)).toBeVisible();
});
