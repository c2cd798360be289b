import type { APIRequestContext, Page, Request } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";
import { createTask, createWorkflow } from "./support/tasks-and-workflows.ts";

// Decision 059: what a change refreshes is one table (LIVE_REFRESH), a run's output reaches only
// its own viewers through the run stream, and the notifications page refreshes live.

const RUNNER = { "flowdeck-runner-version": "0.1.0" };

/** A runner of the organization, spoken with plain HTTP as docs/runner-protocol.md describes. */
async function registerRunner(request: APIRequestContext, organizationId: string) {
  const token = await request.post(`/api/orgs/${organizationId}/runners/registration-tokens`);
  const registered = await request.post("/api/runner/v1/register", {
    headers: RUNNER,
    data: {
      token: (await token.json()).token,
      name: "e2e-live",
      labels: [],
      os: "linux",
      arch: "x64",
      version: "0.1.0",
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { ...RUNNER, authorization: `Bearer ${(await registered.json()).secret}` };
}

/** A run of a one-step Linux workflow of `name`, claimed by the runner and started. */
async function claimedRun(
  request: APIRequestContext,
  organizationId: string,
  runner: Record<string, string>,
  name: string,
) {
  const task = await createTask(request, organizationId, {
    name: `${name} step`,
    category: "general",
    commands: { linux: "seq 100" },
  });
  const workflow = await createWorkflow(request, organizationId, [task.id], { name });
  const queued = await request.post(`/api/orgs/${organizationId}/workflows/${workflow.id}/execute`, {
    data: { platform: "linux" },
  });
  expect(queued.status()).toBe(201);
  const job = (await (await request.post("/api/runner/v1/jobs/claim", { headers: runner, data: {} })).json()).job;
  await request.post(`/api/runner/v1/runs/${job.runId}/steps/0`, { headers: runner, data: { state: "started" } });
  let seq = 0;
  const print = async (text: string) => {
    const response = await request.post(`/api/runner/v1/runs/${job.runId}/logs`, {
      headers: runner,
      data: { seq: ++seq, chunks: [{ position: 0, stream: "stdout", text }] },
    });
    expect(response.status()).toBe(200);
  };
  return { runId: job.runId as string, print };
}

/** The API requests a page makes from now on (its event streams, opened before, are not requests made later). */
function apiRequests(page: Page) {
  const seen: string[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) seen.push(`${request.method()} ${url.pathname}`);
  };
  page.on("request", listener);
  return { seen, stop: () => page.off("request", listener) };
}

test("a run printing makes no other page fetch anything; its own view shows every line from its stream", async ({
  owner,
  request,
  ownerPage: runView,
  browser,
}) => {
  const runner = await registerRunner(request, owner.organizationId);
  const printing = await claimedRun(request, owner.organizationId, runner, "Printer");
  const other = await claimedRun(request, owner.organizationId, runner, "Bystander");

  const tasksPage = await openSignedInPage(browser, request);
  await tasksPage.goto("/tasks");
  await expect(tasksPage.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
  const otherView = await openSignedInPage(browser, request);
  await otherView.goto(`/workflows/runs/${other.runId}`);
  await expect(otherView.getByRole("heading", { name: "Bystander", level: 1 })).toBeVisible();
  await runView.goto(`/workflows/runs/${printing.runId}`);
  await expect(runView.getByRole("heading", { name: "Printer", level: 1 })).toBeVisible();
  // Both views have their streams open once each shows a first line.
  await other.print("bystander ready\n");
  await expect(otherView.getByRole("log", { name: "Output of Bystander step" })).toContainText("bystander ready");

  const onTasks = apiRequests(tasksPage);
  const onOther = apiRequests(otherView);
  const onRun = apiRequests(runView);
  for (let batch = 1; batch <= 10; batch++) await printing.print(`line ${batch}\n`);
  const output = runView.getByRole("log", { name: "Output of Printer step" });
  await expect(output).toContainText("line 10");

  // A later change each page does react to, announced after every batch: once it is seen, every
  // batch's announcement (if there were any) has been handled too.
  const refetched = tasksPage.waitForRequest((request) => new URL(request.url()).pathname.endsWith("/tasks"));
  await createTask(request, owner.organizationId, { name: "Marker", category: "general", commands: { linux: "true" } });
  await refetched;
  await other.print("bystander still here\n");
  await expect(otherView.getByRole("log", { name: "Output of Bystander step" })).toContainText("bystander still here");

  onTasks.stop();
  onOther.stop();
  onRun.stop();
  expect(onTasks.seen.filter((line) => !/\/tasks(\/stats)?$/.test(line))).toEqual([]);
  expect(onOther.seen).toEqual([]);
  expect(onRun.seen).toEqual([]);
  await tasksPage.context().close();
  await otherView.context().close();
});

test("a second admin's open Notifications page shows a rule another admin created, without a reload", async ({
  owner,
  request,
  ownerPage,
  browser,
  newRequest,
}) => {
  const admin = await registerInvitedMember({ request, organizationId: owner.organizationId }, "admin", newRequest);
  const adminPage = await openSignedInPage(browser, admin.request);
  await adminPage.goto("/admin/notifications");
  await expect(adminPage.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await ownerPage.goto("/admin/notifications");

  const created = await request.post(`/api/orgs/${owner.organizationId}/notifications/rules`, {
    data: { name: "Failures to admins", events: ["run.failed"], emailRoles: ["admin"], emailUserIds: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  await expect(adminPage.getByRole("article", { name: "Failures to admins" })).toBeVisible();
  await adminPage.context().close();
});
