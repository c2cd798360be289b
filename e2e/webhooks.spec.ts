import { createHmac } from "node:crypto";
import { expect, test } from "./support/fixtures.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Inbound webhooks (decision 068): an editor creates a webhook in the workflow's Webhooks dialog,
// copies its URL and signing secret, another system posts a signed push to it, and the run it
// started appears in the workflow's history as a webhook's run with the mapped parameter.

test("a webhook created in the UI starts a run when its copied URL is posted to", async ({
  owner,
  request,
  ownerPage: page,
}) => {
  const task = await createTask(request, owner.organizationId, { name: "Deploy", commands: { linux: "make deploy" } });
  await createWorkflow(request, owner.organizationId, [task.id], {
    name: "Deploy on push",
    parameters: [{ name: "git_ref", type: "text", required: true }],
  });

  await page.goto("/workflows");
  await page.getByRole("button", { name: "Webhooks Deploy on push" }).click();
  const dialog = page.getByRole("dialog", { name: "Webhooks of Deploy on push" });
  await expect(dialog.getByText("No webhooks yet: create one below.")).toBeVisible();
  await dialog.getByLabel("Webhook name").fill("GitHub push");
  await dialog.getByLabel("Signature").selectOption("flowdeck");
  await dialog.getByRole("button", { name: "Map a parameter" }).click();
  await dialog.getByLabel("JSON pointer 1").fill("/ref");
  await dialog.getByRole("button", { name: "Create webhook" }).click();

  await dialog.getByRole("button", { name: "Copy Webhook URL" }).click();
  const url = (await dialog.getByLabel("Webhook URL", { exact: true }).textContent())!.trim();
  const signingSecret = (await dialog.getByLabel("Signing secret", { exact: true }).textContent())!.trim();
  expect(url).toMatch(/\/api\/hooks\/[\w-]+\/[\w-]{43}$/);
  await expect(dialog.getByLabel("Example call", { exact: true })).toContainText("X-Flowdeck-Signature");

  const body = JSON.stringify({ ref: "refs/heads/main" });
  const signature = `sha256=${createHmac("sha256", signingSecret).update(body).digest("hex")}`;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-flowdeck-signature": signature },
    body,
  });
  expect(response.status).toBe(202);
  const { runId } = (await response.json()) as { runId: string };

  // The call is listed on the hook as it happens (the hook's live event).
  await expect(dialog.getByRole("list", { name: "Last calls of GitHub push" })).toContainText("202");
  await page.keyboard.press("Escape");
  await page
    .getByRole("article", { name: "Deploy on push" })
    .getByRole("link", { name: "All runs of Deploy on push" })
    .click();
  await page.getByLabel("Trigger").selectOption({ label: "Webhook" });
  const row = page.getByRole("row").nth(1);
  await expect(row).toContainText("Webhook");
  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/workflows/runs/${runId}$`));
  await expect(page.getByText("by a webhook")).toBeVisible();
});
