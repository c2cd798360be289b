import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { E2E_BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Issue 12 with the real runner program: the command the Runners page shows is run as it is, the
// runner executes a workflow, its output appears live (also in a second member's browser), and
// Cancel stops the step's processes.

const ROOT = path.resolve(import.meta.dirname, "..");
const ORIGIN = { origin: E2E_BASE_URL };

/** Running, and not a zombie left for a PID 1 that never reaps. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return process.platform !== "linux";
  }
}

let runner: ChildProcess | undefined;
const stepPids: number[] = [];
let configDir: string;

test.beforeEach(() => {
  configDir = mkdtempSync(path.join(tmpdir(), "flowdeck-e2e-runner-"));
});
test.afterEach(() => {
  for (const pid of [runner?.pid, ...stepPids.splice(0)]) if (pid && isAlive(pid)) process.kill(pid, "SIGKILL");
  runner = undefined;
  rmSync(configDir, { recursive: true, force: true });
});

test("the runner registered with the command the Runners page shows executes a run, live, and Cancel stops it", async ({
  owner,
  request,
  ownerPage: page,
}) => {
  test.setTimeout(60_000);
  await page.goto("/admin/runners");
  await page.getByRole("button", { name: "Register a runner" }).click();
  const command = await page.getByRole("textbox", { name: "Registration command" }).inputValue();
  await page.getByRole("button", { name: "Done" }).click();

  // As a person pastes it in a checkout (its own config directory, so nothing lands in ~/.config).
  await promisify(execFile)("bash", ["-c", `${command} --name e2e-real-runner`], {
    cwd: ROOT,
    env: { ...process.env, FLOWDECK_RUNNER_CONFIG: configDir },
  });
  runner = spawn(process.execPath, ["apps/runner/bin/flowdeck-runner.js", "start"], {
    cwd: ROOT,
    env: { ...process.env, FLOWDECK_RUNNER_CONFIG: configDir },
    stdio: "ignore",
  });
  await expect(page.getByRole("row", { name: /e2e-real-runner/ }).getByText("Online")).toBeVisible({
    timeout: 15_000,
  });

  const task = await createTask(request, owner.organizationId, {
    name: "Long job",
    category: "general",
    // The child is in the foreground, so the first signal (SIGINT) ends it: the test stays short.
    commands: { linux: `echo "hello from the runner"; bash -c 'echo "child=$$"; exec sleep 300'` },
  });
  await createWorkflow(request, owner.organizationId, [task.id], { name: "Real run" });

  await page.goto("/workflows");
  const card = page.getByRole("article", { name: "Real run" });
  await card.getByRole("button", { name: /^Run now/ }).click();
  await expect(page.getByRole("radio", { name: /On Linux/ })).toBeChecked();
  await page.getByRole("dialog").getByRole("button", { name: "Run", exact: true }).click();
  await card.getByRole("link", { name: /view the last run of Real run/ }).click();
  await expect(page.getByText("Executed on e2e-real-runner")).toBeVisible({ timeout: 15_000 });
  const output = page.getByRole("log", { name: "Output of Long job" });
  await expect(output).toContainText("hello from the runner", { timeout: 15_000 });
  await expect(output).toContainText(/child=\d+/);
  const child = Number(/child=(\d+)/.exec((await output.textContent()) ?? "")?.[1]);
  stepPids.push(child);
  expect(isAlive(child)).toBe(true);

  await page.getByRole("button", { name: "Cancel run" }).click();
  await expect(page.getByRole("heading", { name: "Real run" }).locator("..").getByText("Cancelled")).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => isAlive(child), { timeout: 15_000 }).toBe(false);
});

test("a second member's browser, open on the run before it starts, sees the runner's output arrive live", async ({
  owner,
  request,
  newRequest,
  browser,
}) => {
  test.setTimeout(60_000);
  const viewer = await registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest);
  const token = await request.post(`/api/orgs/${owner.organizationId}/runners/registration-tokens`, {
    headers: ORIGIN,
  });
  expect(token.status()).toBe(201);
  await promisify(execFile)("bash", ["-c", `${(await token.json()).command} --name e2e-live-runner`], {
    cwd: ROOT,
    env: { ...process.env, FLOWDECK_RUNNER_CONFIG: configDir },
  });
  // The step prints a line, waits for the test to release it (a minute at most), then prints another.
  const release = path.join(configDir, "release");
  const task = await createTask(request, owner.organizationId, {
    name: "Two lines",
    category: "general",
    commands: {
      linux: `echo "first line from shell=$$"; for i in $(seq 600); do [ -e '${release}' ] && break; sleep 0.1; done; echo "second line"`,
    },
  });
  const workflow = await createWorkflow(request, owner.organizationId, [task.id], { name: "Live for two" });
  const executed = await request.post(`/api/orgs/${owner.organizationId}/workflows/${workflow.id}/execute`, {
    headers: ORIGIN,
    data: { platform: "linux" },
  });
  expect(executed.status()).toBe(201);
  const runId = (await executed.json()).id as string;

  // The viewer's own browser has the run open while it waits for a runner.
  const page = await openSignedInPage(browser, viewer.request);
  await page.goto(`/workflows/runs/${runId}`);
  await expect(page.getByText("Waiting for a Linux runner")).toBeVisible();
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  runner = spawn(process.execPath, ["apps/runner/bin/flowdeck-runner.js", "start"], {
    cwd: ROOT,
    env: { ...process.env, FLOWDECK_RUNNER_CONFIG: configDir },
    stdio: "ignore",
  });
  const output = page.getByRole("log", { name: "Output of Two lines" });
  await expect(output).toContainText(/first line from shell=\d+/, { timeout: 15_000 });
  stepPids.push(Number(/shell=(\d+)/.exec((await output.textContent()) ?? "")?.[1]));
  await expect(page.getByText("Executed on e2e-live-runner")).toBeVisible();
  await expect(output).not.toContainText("second line");

  writeFileSync(release, "");
  await expect(output).toContainText("second line", { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Live for two" }).locator("..").getByText("Succeeded")).toBeVisible({
    timeout: 15_000,
  });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await page.context().close();
});
