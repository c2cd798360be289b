import { E2E_BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Issue 16, item 5: a workflow's run history, reached from its card, filtered, opening a run.

test("the run history filters a workflow's runs and opens one", async ({ owner, request, ownerPage: page }) => {
  const api = (path: string, data?: unknown) =>
    request.post(`/api/orgs/${owner.organizationId}${path}`, { headers: { origin: E2E_BASE_URL }, data });
  const task = await createTask(request, owner.organizationId, {
    name: "Back up the database",
    category: "maintenance",
    commands: { linux: "pg_dump app" },
  });
  const workflowId = (await createWorkflow(request, owner.organizationId, [task.id], { name: "Nightly backup" })).id;
  // One run completed (succeeded), then one still running.
  expect((await api(`/workflows/${workflowId}/execute`, { mode: "checklist" })).status()).toBe(201);
  expect((await api(`/workflows/${workflowId}/complete`)).status()).toBe(200);
  expect((await api(`/workflows/${workflowId}/execute`, { mode: "checklist" })).status()).toBe(201);

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

test("the run history filters by the runner that executed each run", async ({ owner, request, ownerPage: page }) => {
  const api = (path: string, data?: unknown) =>
    request.post(`/api/orgs/${owner.organizationId}${path}`, { headers: { origin: E2E_BASE_URL }, data });
  // Two runners, spoken for with plain HTTP as docs/runner-protocol.md describes it.
  const VERSION = { "flowdeck-runner-version": "0.1.0" };
  const registerRunner = async (name: string) => {
    const token = await api("/runners/registration-tokens");
    expect(token.status(), await token.text()).toBe(201);
    const registered = await request.post("/api/runner/v1/register", {
      headers: VERSION,
      data: { token: (await token.json()).token, name, labels: [], os: "linux", arch: "x64", version: "0.1.0" },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    return { ...VERSION, authorization: `Bearer ${(await registered.json()).secret}` };
  };
  const alpha = await registerRunner("e2e-alpha");
  const beta = await registerRunner("e2e-beta");
  const task = await createTask(request, owner.organizationId, {
    name: "Build",
    category: "deployment",
    commands: { linux: "make" },
  });
  const workflowId = (await createWorkflow(request, owner.organizationId, [task.id], { name: "Release build" })).id;
  /** Run now, then the runner claims the run and completes it. */
  const executeOn = async (runner: Record<string, string>, outcome: string) => {
    expect((await api(`/workflows/${workflowId}/execute`, { platform: "linux" })).status()).toBe(201);
    const claim = await request.post("/api/runner/v1/jobs/claim", { headers: runner, data: {} });
    const runId = (await claim.json()).job.runId as string;
    const done = await request.post(`/api/runner/v1/runs/${runId}/complete`, { headers: runner, data: { outcome } });
    expect(done.status()).toBe(200);
  };
  await executeOn(alpha, "succeeded");
  await executeOn(beta, "failed");
  await executeOn(alpha, "failed");

  await page.goto(`/workflows/${workflowId}/history`);
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(4); // the header and three runs
  const runner = page.getByLabel("Runner");
  await expect(runner.getByRole("option")).toHaveText(["Any runner", "e2e-alpha", "e2e-beta"]);

  await runner.selectOption({ label: "e2e-alpha" });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Executed on e2e-alpha" })).toHaveCount(2);
  // With the other filters: the run e2e-alpha failed.
  await page.getByLabel("Status").selectOption({ label: "Failed" });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Executed on e2e-alpha");

  // From the keyboard, as the other filters: back to any status, then to the other runner.
  await page.getByLabel("Status").selectOption({ label: "Any status" });
  await runner.focus();
  await page.keyboard.press("ArrowDown");
  await expect(runner).toHaveValue(/.+/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Executed on e2e-beta");
  await expect(rows.nth(1)).toContainText("Failed");
});
