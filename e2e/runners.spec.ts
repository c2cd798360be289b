import { expect, test } from "./support/fixtures.ts";
import { PHONE, registerRunner } from "./support/every-dialog.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Issue 12: an admin registers a runner with the command the Runners page shows, runs a workflow
// on it, watches its output arrive in the run view without a reload, and cancels it. The runner's
// side is spoken with plain HTTP here, as docs/runner-protocol.md describes it (the runner
// program has its own end-to-end tests).

const RUNNER = { "flowdeck-runner-version": "0.1.0" };

test("a runner registered from /admin/runners executes a run whose output shows live, then it is cancelled", async ({
  owner,
  request,
  ownerPage: page,
}) => {
  await page.goto("/admin/runners");
  await page.getByRole("button", { name: "Register a runner" }).click();
  const command = page.getByRole("textbox", { name: "Registration command" });
  // The runner comes from this Flowdeck, never from a registry; the same in PowerShell, and how to start it.
  const packageUrl = `${new URL(page.url()).origin}/runner/flowdeck-runner.tgz`;
  await expect(command).toHaveValue(
    new RegExp(`^npx -y ${escapeRegExp(packageUrl)} register --url \\S+ --token fdr_\\S+$`),
  );
  const token = (await command.inputValue()).split("--token ")[1]!;
  await expect(page.getByRole("textbox", { name: "Start command" })).toHaveValue(`npx -y ${packageUrl} start`);
  await page.getByRole("button", { name: "Windows (PowerShell)" }).click();
  await expect(command).toHaveValue(
    `npx.cmd -y ${packageUrl} register --url ${new URL(page.url()).origin} --token ${token}`,
  );
  await expect(page.getByRole("textbox", { name: "Start command" })).toHaveValue(`npx.cmd -y ${packageUrl} start`);
  await page.getByRole("button", { name: "Done" }).click();

  const registered = await request.post("/api/runner/v1/register", {
    headers: RUNNER,
    data: { token, name: "e2e-box", labels: [], os: "linux", arch: "x64", version: "0.1.0" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const runner = { ...RUNNER, authorization: `Bearer ${(await registered.json()).secret}` };
  await expect(page.getByRole("row", { name: /e2e-box/ }).getByText("Online")).toBeVisible();

  const task = await createTask(request, owner.organizationId, {
    name: "Say hello",
    category: "general",
    commands: { linux: "echo hello; sleep 300" },
  });
  await createWorkflow(request, owner.organizationId, [task.id], { name: "Greeting" });

  await page.goto("/workflows");
  const card = page.getByRole("article", { name: "Greeting" });
  await card.getByRole("button", { name: /^Run now/ }).click();
  await expect(page.getByRole("radio", { name: /On Linux/ })).toBeChecked();
  await expect(page.getByRole("dialog")).toContainText("1 of 1 Linux runner online");
  await page.getByRole("dialog").getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByText("Greeting is queued for a runner.")).toBeVisible();

  const claim = await request.post("/api/runner/v1/jobs/claim", { headers: runner, data: {} });
  const job = (await claim.json()).job;
  expect(job.steps[0].command).toBe("echo hello; sleep 300");
  await request.post(`/api/runner/v1/runs/${job.runId}/steps/0`, { headers: runner, data: { state: "started" } });
  const log = (seq: number, text: string) =>
    request.post(`/api/runner/v1/runs/${job.runId}/logs`, {
      headers: runner,
      data: { seq, chunks: [{ position: 0, stream: "stdout", text }] },
    });
  await log(1, "hello\n");

  await card.getByRole("link", { name: /view the last run of Greeting/ }).click();
  await expect(page.getByText("Executed on e2e-box")).toBeVisible();
  const output = page.getByRole("log", { name: "Output of Say hello" });
  await expect(output).toContainText("hello");
  await log(2, "\u001b[32mstill going\u001b[0m\n");
  await expect(output).toContainText("still going"); // live, without a reload; colours stripped

  await page.getByRole("button", { name: "Cancel run" }).click();
  await expect(page.getByRole("button", { name: "Cancelling…" })).toBeDisabled();
  const beat = await request.post(`/api/runner/v1/runs/${job.runId}/heartbeat`, { headers: runner, data: {} });
  expect(await beat.json()).toEqual({ cancel: true, reason: "cancelled" });
  await request.post(`/api/runner/v1/runs/${job.runId}/steps/0`, {
    headers: runner,
    data: { state: "finished", outcome: "cancelled", exitCode: null, signal: "SIGINT" },
  });
  await request.post(`/api/runner/v1/runs/${job.runId}/complete`, { headers: runner, data: { outcome: "cancelled" } });
  await expect(page.getByRole("heading", { name: "Greeting" }).locator("..").getByText("Cancelled")).toBeVisible();
  await expect(page.getByText("signal SIGINT")).toBeVisible();
});

test("on a 390 px phone each runner is a card whose Edit and Revoke are on the screen", async ({
  owner,
  request,
  ownerPage: page,
}) => {
  await registerRunner(request, owner.organizationId);
  await page.setViewportSize(PHONE);
  await page.goto("/admin/runners");
  const card = page.getByRole("list", { name: "1 runner" }).getByRole("listitem");
  await expect(card).toContainText("build-production-eu-west-1-worker-pool-a-01");
  await expect(card).toContainText("Linux · x64");
  await expect(card).toContainText("Declared by the runner: production-eu-west-1-critical-path");
  await expect(page.getByRole("table")).toBeHidden();
  for (const name of [/^Edit /, /^Revoke /]) {
    const button = card.getByRole("button", { name });
    await expect(button).toBeInViewport({ ratio: 1 });
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // An admin's own label beside the declared one; the filter finds the runner by either.
  await card.getByRole("button", { name: /^Edit / }).click();
  await page.getByRole("dialog").getByLabel("Labels").fill("web");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(card).toContainText("Labels: web");
  await page.getByLabel("Label", { exact: true }).selectOption("web");
  await expect(page.getByRole("list", { name: "1 runner" })).toBeVisible();
  await page.getByLabel("State").selectOption("offline");
  await expect(page.getByText("No runner matches these filters.").filter({ visible: true })).toBeVisible();
  await page.getByLabel("State").selectOption("");

  await card.getByRole("button", { name: /^Revoke / }).click();
  await expect(page.getByRole("dialog", { name: "Revoke runner" })).toBeVisible();
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
