import { E2E_BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Issue 15: the run views count honestly and follow the run live — the card's runs, the run view
// and the run history all reach "Succeeded, 3 of 3 done" as the last step is ticked, without a
// reload; a run cancelled after one step says "1 of 3 done · 2 skipped" everywhere.

const STEPS = ["Drain the queue", "Migrate the schema", "Restart the workers"];

test("ticking every step ends the run in every view at once; a cancelled run counts what was done", async ({
  owner,
  request,
  ownerPage: page,
}) => {
  const api = async (path: string, data?: unknown) => {
    const response = await request.post(`/api/orgs/${owner.organizationId}${path}`, {
      headers: { origin: E2E_BASE_URL },
      data,
    });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const taskIds: string[] = [];
  for (const name of STEPS)
    taskIds.push((await createTask(request, owner.organizationId, { name, commands: { linux: "true" } })).id);
  const workflowId = (await createWorkflow(request, owner.organizationId, taskIds, { name: "Release night" })).id;
  const firstRun = (await api(`/workflows/${workflowId}/execute`, { mode: "checklist" })).id as string;

  // The run view and the run history stay open in other tabs while the steps are ticked off.
  const runView = await page.context().newPage();
  await runView.goto(`/workflows/runs/${firstRun}`);
  const summary = runView.getByText(/^Checklist · /);
  await expect(summary).toContainText("0 of 3 done");
  await expect(runView.locator("header").getByText("Running")).toBeVisible();
  const history = await page.context().newPage();
  await history.goto(`/workflows/${workflowId}/history`);
  const historyRows = history.getByRole("row");
  await expect(historyRows).toHaveCount(2);
  await expect(historyRows.nth(1)).toContainText("Running");

  await page.goto("/workflows");
  const card = page.getByRole("article", { name: "Release night" });
  await card.getByRole("button", { name: /Show commands and runs/ }).click();
  const runs = card.getByRole("list", { name: "Run history" }).getByRole("listitem");
  await expect(runs.first()).toContainText("0 of 3 done");
  for (const name of STEPS) {
    const box = card.getByRole("checkbox", { name });
    await box.check();
    await expect(box).toBeChecked();
  }
  await expect(runs.first()).toContainText("3 of 3 done");
  await expect(runs.first()).toContainText("Succeeded");
  await expect(summary).toContainText("3 of 3 done");
  await expect(runView.locator("header").getByText("Succeeded")).toBeVisible();
  await expect(historyRows.nth(1)).toContainText("Succeeded");

  // A second run: one step done, then cancelled from the card.
  await card.getByRole("button", { name: "Run now Release night" }).click();
  await page.getByRole("radio", { name: /As a checklist/ }).check();
  await page.getByRole("dialog").getByRole("button", { name: "Run", exact: true }).click();
  await expect(runs).toHaveCount(2);
  await expect(runs.first()).toContainText("0 of 3 done");
  await expect(runs.first()).toContainText("Running");
  await expect(historyRows).toHaveCount(3);
  await card.getByRole("checkbox", { name: STEPS[0] }).check();
  await expect(runs.first()).toContainText("1 of 3 done");
  await runs
    .first()
    .getByRole("button", { name: /^Cancel/ })
    .click();
  await expect(runs.first()).toContainText("Cancelled");
  await expect(runs.first()).toContainText("1 of 3 done · 2 skipped");
  await expect(historyRows.nth(1)).toContainText("Cancelled");
  await runs
    .first()
    .getByRole("link", { name: /^View run/ })
    .click();
  // The history list shows a line like the run view's until the run view has replaced it: the
  // address changes first (the router keeps the old page while the new one loads), the heading after.
  await expect(page).toHaveURL(/\/workflows\/runs\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Release night" })).toBeVisible();
  await expect(page.getByText(/^Checklist · /)).toContainText("1 of 3 done · 2 skipped");
  await expect(page.locator("header").getByText("Cancelled")).toBeVisible();
});
