import path from "node:path";
import { expect, test } from "./support/fixtures.ts";
import { createTask } from "./support/tasks-and-workflows.ts";

// Steps that retry and run on conditions (decision 072), set in the workflow form and run by the
// real runner program: a flaky step succeeds on its third attempt and the run view lists all three;
// a clean-up step marked "always" runs after a step that failed.

test("a step retried twice shows its three attempts, and a clean-up step runs after a failure", async ({
  owner,
  runnerProgram,
  request,
  ownerPage: page,
}) => {
  test.setTimeout(60_000);
  const { configDir } = await runnerProgram(owner.organizationId, "e2e-steps-runner");
  // Fails on its first two attempts, counting them in a file of this test's own.
  const counter = path.join(configDir, "attempts");
  await createTask(request, owner.organizationId, {
    name: "Flaky check",
    commands: {
      linux: `n=$(( $(cat '${counter}' 2>/dev/null || echo 0) + 1 )); echo "$n" > '${counter}'; echo "attempt $n"; [ "$n" -ge 3 ]`,
    },
  });
  await createTask(request, owner.organizationId, { name: "Broken step", commands: { linux: "echo broken; exit 4" } });
  await createTask(request, owner.organizationId, { name: "Clean up", commands: { linux: 'echo "cleaned up"' } });

  await page.goto("/workflows");
  await page.getByRole("button", { name: "Create Workflow" }).click();
  const form = page.getByRole("region", { name: "Create Workflow" });
  await form.getByLabel("Name", { exact: true }).fill("Careful deploy");
  const available = form.getByRole("group", { name: "Available commands" });
  for (const name of ["Flaky check", "Broken step", "Clean up"]) {
    await available.getByRole("checkbox", { name }).check();
  }
  await form.getByLabel("Retry attempts (Flaky check)").fill("2");
  await form.getByLabel("Run this step (Clean up)").selectOption({ label: "Always (clean-up)" });
  await form.getByRole("button", { name: "Create Workflow" }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole("article", { name: "Careful deploy" });
  await card.getByRole("button", { name: /^Run now/ }).click();
  await page
    .getByRole("dialog", { name: "Run Careful deploy" })
    .getByRole("button", { name: "Run", exact: true })
    .click();
  await card.getByRole("link", { name: /view the last run of Careful deploy/ }).click();

  await expect(
    page.getByRole("heading", { level: 1, name: "Careful deploy" }).locator("..").getByText("Failed"),
  ).toBeVisible({
    timeout: 20_000,
  });
  const attempts = page.getByRole("list", { name: "Attempts of Flaky check" }).getByRole("listitem");
  await expect(attempts).toHaveText([
    /^Attempt 1: exit code 1,/,
    /^Attempt 2: exit code 1,/,
    /^Attempt 3: exit code 0,/,
  ]);
  await expect(page.getByRole("log", { name: "Output of Flaky check" })).toContainText("attempt 3");
  await expect(page.getByRole("log", { name: "Output of Broken step" })).toContainText("broken");
  await expect(page.getByRole("log", { name: "Output of Clean up" })).toContainText("cleaned up");
  await expect(page.getByText("runs always")).toBeVisible();
});
