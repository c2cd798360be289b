import { E2E_BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";

// Issue 16, item 5: a workflow's run history, reached from its card, filtered, opening a run.

test("the run history filters a workflow's runs and opens one", async ({ owner, request, ownerPage: page }) => {
  const api = (path: string, data?: unknown) =>
    request.post(`/api/orgs/${owner.organizationId}${path}`, { headers: { origin: E2E_BASE_URL }, data });
  const task = await api("/tasks", {
    name: "Back up the database",
    category: "maintenance",
    commands: { linux: "pg_dump app" },
  });
  expect(task.status(), await task.text()).toBe(201);
  const workflow = await api("/workflows", { name: "Nightly backup", taskIds: [(await task.json()).id] });
  expect(workflow.status(), await workflow.text()).toBe(201);
  const workflowId = (await workflow.json()).id as string;
  // One run completed (succeeded), then one still running.
  expect((await api(`/workflows/${workflowId}/execute`)).status()).toBe(200);
  expect((await api(`/workflows/${workflowId}/complete`)).status()).toBe(200);
  expect((await api(`/workflows/${workflowId}/execute`)).status()).toBe(200);

  await page.goto("/workflows");
  await page
    .getByRole("article", { name: "Nightly backup" })
    .getByRole("link", { name: "All runs of Nightly backup" })
    .click();
  await expect(page.getByRole("heading", { name: "Run history" })).toBeVisible();
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(3); // the header and two runs

  await page.getByLabel("Status").selectOption({ label: "Succeeded" });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Succeeded");
  await rows.nth(1).getByRole("link").click();
  await expect(page).toHaveURL(/\/workflows\/runs\/[^/]+$/);
  await expect(page.getByText("Succeeded").first()).toBeVisible();
});
