import { E2E_BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { shareSession } from "./support/accounts.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Decision 087: /runs lists every run of the organization, newest first, filtered by workflow and
// the history's filters kept in the address; a viewer watching it sees a new run arrive live.

const PHONE = { width: 390, height: 844 };

test("the Runs page lists every workflow's runs, filters them by the address, and shows a new one live", async ({
  owner,
  request,
  ownerPage: page,
  browser,
  newRequest,
}) => {
  const api = (path: string, data?: unknown) =>
    request.post(`/api/orgs/${owner.organizationId}${path}`, { headers: { origin: E2E_BASE_URL }, data });
  const task = await createTask(request, owner.organizationId, {
    name: "Rotate the logs",
    category: "maintenance",
    commands: { linux: "logrotate -f /etc/logrotate.conf" },
  });
  const nightly = (await createWorkflow(request, owner.organizationId, [task.id], { name: "Nightly rotation" })).id;
  const cleanup = (await createWorkflow(request, owner.organizationId, [task.id], { name: "Disk clean-up" })).id;
  // Nightly rotation: one run completed; Disk clean-up: one run under way.
  expect((await api(`/workflows/${nightly}/execute`, { mode: "checklist" })).status()).toBe(201);
  expect((await api(`/workflows/${nightly}/complete`)).status()).toBe(200);
  expect((await api(`/workflows/${cleanup}/execute`, { mode: "checklist" })).status()).toBe(201);

  await page.goto("/dashboard");
  await page.getByRole("navigation").getByRole("link", { name: "Runs", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Runs" })).toBeVisible();
  await expect(page).toHaveTitle(/^Runs · /);
  const rows = page.getByRole("region", { name: "Runs" }).getByRole("row");
  await expect(rows).toHaveCount(3); // the header and two runs, newest first
  await expect(rows.nth(1)).toContainText("Disk clean-up");
  await expect(rows.nth(1)).toContainText("Running");
  await expect(rows.nth(2)).toContainText("Nightly rotation");
  await expect(rows.nth(2)).toContainText("Succeeded");

  // By workflow, then by status too: both are in the address, and a reload keeps them.
  const workflow = page.getByLabel("Workflow");
  await expect(workflow.getByRole("option")).toHaveText(["Any workflow", "Disk clean-up", "Nightly rotation"]);
  await workflow.selectOption({ label: "Nightly rotation" });
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`[?&]workflowId=${nightly}`));
  await page.getByLabel("Status").selectOption({ label: "Failed" });
  await expect(page.getByRole("cell", { name: "No runs match these filters." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("failed");
  await expect(page.getByLabel("Workflow")).toHaveValue(nightly);
  await page.getByLabel("Status").selectOption({ label: "Any status" });
  await expect(rows).toHaveCount(2);
  await expect(page).not.toHaveURL(/status=/);

  // The run's start opens it; its workflow's name opens that workflow's history.
  await rows.nth(1).getByRole("link", { name: "Run history of Nightly rotation" }).click();
  await expect(page.getByRole("heading", { name: "Run history" })).toBeVisible();
  await page.goBack();
  await rows.nth(1).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/workflows\/runs\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Nightly rotation" })).toBeVisible();

  // A viewer with the page open sees the next run arrive without a reload.
  const viewer = await registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest);
  const viewerContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  try {
    await shareSession(viewer.request, viewerContext);
    const viewerPage = await viewerContext.newPage();
    await viewerPage.goto("/runs");
    const viewerRows = viewerPage.getByRole("region", { name: "Runs" }).getByRole("row");
    await expect(viewerRows).toHaveCount(3);
    expect((await api(`/workflows/${cleanup}/complete`)).status()).toBe(200);
    expect((await api(`/workflows/${nightly}/execute`, { mode: "checklist" })).status()).toBe(201);
    await expect(viewerRows).toHaveCount(4);
    await expect(viewerRows.nth(1)).toContainText("Nightly rotation");
    await expect(viewerRows.nth(2)).toContainText("Disk clean-up");
    await expect(viewerRows.nth(2)).toContainText("Succeeded");
  } finally {
    await viewerContext.close();
  }

  // On a phone each run is a card naming its workflow; light and dark.
  await page.goto("/runs");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(rows).toHaveCount(4);
    await page.screenshot({ path: `test-results/runs-1280-${colorScheme}.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    const cards = page.getByRole("list", { name: "Runs" }).getByRole("listitem");
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText("Nightly rotation");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `test-results/runs-390-${colorScheme}.png`, fullPage: true });
  }
});
