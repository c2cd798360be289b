import { MIN_RUNNER_VERSION, RUNNER_API_PREFIX, RUNNER_VERSION_HEADER } from "@flowdeck/shared/runners/protocol";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_BASE_URL } from "./env.ts";
import { gotoSettled } from "./every-page.ts";
import { createTask, createWorkflow } from "./tasks-and-workflows.ts";
import { LONG_COMMAND_NAME, LONG_FREEZE_REASON, LONG_INVITEE_EMAIL, LONG_SECRET_NAME } from "./realistic-data.ts";

// Every dialog of the web app (each Modal, ConfirmDialog and Radix dialog under apps/web/src),
// for the sweep of e2e/page-sweep.spec.ts (axe in both themes and the phone widths), which opens
// each of them. Left out: the LoadingDialogs of the members page
// and the invitation page, which show only while a request is under way and have no buttons.

/**
 * A dialog of the app: the page it opens on, how a person opens it there, and the screen it needs
 * (the navigation drawer exists only below the large breakpoint).
 */
export type DialogOpener = {
  where: string;
  path: string;
  open: (page: Page) => Promise<void>;
  viewport?: { width: number; height: number };
};

/** A phone (issue 15: 390 × 844). */
export const PHONE = { width: 390, height: 844 };

const DOCUMENT_TITLE = "runbook-for-the-production-eu-west-1-database-failover-procedure-v2";
const RULE_NAME = "On-call for the production-eu-west-1-critical-path";
const RUNNER_NAME = "build-production-eu-west-1-worker-pool-a-01";
const RUNNER_LABEL = "production-eu-west-1-critical-path";
/** A workflow on every matching runner (decision 080): the registered runner is its one target. */
const FLEET_WORKFLOW = "Roll out to every production-eu-west-1-critical-path runner";

const IMPORT_ONE_COMMAND = [
  "version: 1",
  "commands:",
  "  - name: Rotate the production-eu-west-1 database credentials and restart the pool",
  "    commands:",
  "      linux: ./rotate-credentials.sh --region eu-west-1 --restart-pool",
].join("\n");

const click = (name: string | RegExp) => (page: Page) => page.getByRole("button", { name }).first().click();

/** Dialogs a viewer can open too (over the data of `seedRealisticData` and `uploadAvatar`). */
export const VIEWER_DIALOGS: DialogOpener[] = [
  { where: "Credit history", path: "/dashboard", open: click("View full history") },
  { where: "Document details", path: "/documents", open: click(DOCUMENT_TITLE) },
  { where: "Remove avatar", path: "/profile", open: click("Remove avatar") },
  { where: "Navigation on a phone", path: "/dashboard", open: click("Open navigation"), viewport: PHONE },
];

/** Every other dialog, as the owner opens it, confirmations included (each is closed unconfirmed). */
export const OWNER_DIALOGS: DialogOpener[] = [
  ...VIEWER_DIALOGS,
  { where: "Add Command", path: "/tasks", open: click("Add Command") },
  { where: "Edit Command", path: "/tasks", open: click(`Edit ${LONG_COMMAND_NAME}`) },
  { where: "Delete Command", path: "/tasks", open: click(`Delete ${LONG_COMMAND_NAME}`) },
  { where: "Delete Workflow", path: "/workflows", open: click("Delete Nightly backup") },
  { where: "Webhooks of a workflow", path: "/workflows", open: click("Webhooks Nightly backup") },
  { where: "Upload document", path: "/documents", open: click("Upload document") },
  { where: "Delete Document", path: "/documents", open: click(`Delete ${DOCUMENT_TITLE}`) },
  {
    where: "Change a member's role",
    path: "/admin/members",
    open: async (page) => {
      const select = page.getByRole("combobox", { name: /^Role of / }).last();
      await select.selectOption("editor");
    },
  },
  { where: "Remove a member", path: "/admin/members", open: click(/^Remove /) },
  {
    where: "Cancel an invitation",
    path: "/admin/invitations",
    open: click(`Cancel the invitation to ${LONG_INVITEE_EMAIL}`),
  },
  { where: "Revoke an API token", path: "/admin/api-tokens", open: click("Revoke Deploys from CI") },
  { where: "New notification rule", path: "/admin/notifications", open: click("New rule") },
  { where: "Delete a notification rule", path: "/admin/notifications", open: click(`Delete ${RULE_NAME}`) },
  { where: "Register a runner", path: "/admin/runners", open: click("Register a runner") },
  { where: "Edit a runner", path: "/admin/runners", open: click(`Edit ${RUNNER_NAME}`) },
  { where: "Revoke a runner", path: "/admin/runners", open: click(`Revoke ${RUNNER_NAME}`) },
  { where: "Edit a notification rule", path: "/admin/notifications", open: click(`Edit ${RULE_NAME}`) },
  {
    // Shown once, after a save that sets a signing secret: here a new one typed into the rule.
    where: "Copy the signing secret",
    path: "/admin/notifications",
    open: async (page) => {
      await page.getByRole("button", { name: `Edit ${RULE_NAME}` }).click();
      const form = page.getByRole("dialog", { name: "Edit notification rule" });
      await form.getByLabel("Signing secret").fill("whsec-production-eu-west-1-rotated");
      await form.getByRole("button", { name: "Save rule" }).click();
      await expect(page.getByRole("dialog", { name: "Copy the signing secret" })).toBeVisible();
      await expect(form).toHaveCount(0);
    },
  },
  { where: "New secret", path: "/admin/secrets", open: click("New secret") },
  {
    where: "Replace a secret's value",
    path: "/admin/secrets",
    open: click(`Replace the value of ${LONG_SECRET_NAME}`),
  },
  { where: "Delete a secret", path: "/admin/secrets", open: click(`Delete ${LONG_SECRET_NAME}`) },
  { where: "New freeze window", path: "/admin/freeze-windows", open: click("New freeze window") },
  {
    where: "Delete a freeze window",
    path: "/admin/freeze-windows",
    open: click(`Delete the freeze window ${LONG_FREEZE_REASON}`),
  },
  { where: "Remove logo", path: "/admin/settings", open: click("Remove logo") },
  {
    // Asked once a preview found something to create: here a command the organization lacks.
    where: "Apply the import",
    path: "/admin/import-export",
    open: async (page) => {
      await page.getByLabel("YAML document").fill(IMPORT_ONE_COMMAND);
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByRole("heading", { name: "1 to create" })).toBeVisible();
      await click("Apply")(page);
    },
  },
  // Asks where to run only when the organization has a runner (see `registerRunner`) and the
  // workflow's commands exist for several platforms, as Nightly backup's do.
  { where: "Run now, choosing the platform", path: "/workflows", open: click("Run now Nightly backup") },
  { where: "Run now, on every matching runner", path: "/workflows", open: click(`Run now ${FLEET_WORKFLOW}`) },
];

/**
 * Opens the dialog's page, unless the page is already there (the last dialog was closed on it):
 * a sweep that loads each page once per dialog spends most of its time loading.
 */
export async function openDialog(page: Page, dialog: DialogOpener) {
  if (new URL(page.url()).pathname !== dialog.path) await gotoSettled(page, dialog.path);
  await dialog.open(page);
}

function post(request: APIRequestContext, path: string, data?: unknown) {
  return request.post(path, { headers: { origin: E2E_BASE_URL }, data });
}

/** A notification rule with a webhook, for its card and its delete confirmation. */
export async function createRule(request: APIRequestContext, organizationId: string) {
  const response = await post(request, `/api/orgs/${organizationId}/notifications/rules`, {
    name: RULE_NAME,
    events: ["run.failed"],
    emailRoles: ["owner"],
    webhookUrl: "https://hooks.example.com/services/production-eu-west-1/flowdeck-notifications",
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Registers a Linux runner for the organization, as an admin and a runner program would: the
 * runner is never started, it only has to exist for Run now to ask for a platform.
 */
export async function registerRunner(request: APIRequestContext, organizationId: string) {
  const token = await post(request, `/api/orgs/${organizationId}/runners/registration-tokens`);
  expect(token.status(), await token.text()).toBe(201);
  const registered = await request.post(`${RUNNER_API_PREFIX}/register`, {
    headers: { [RUNNER_VERSION_HEADER]: MIN_RUNNER_VERSION },
    data: {
      token: ((await token.json()) as { token: string }).token,
      name: RUNNER_NAME,
      labels: [RUNNER_LABEL],
      os: "linux",
      arch: "x64",
      version: MIN_RUNNER_VERSION,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
}

/** A workflow on every runner with the registered runner's label, for Run now's "Run on" and the fan-out's view. */
async function createFleetWorkflow(request: APIRequestContext, organizationId: string) {
  const task = await createTask(request, organizationId, {
    name: "Roll out the release",
    commands: { linux: "./roll-out.sh --region eu-west-1" },
  });
  return createWorkflow(request, organizationId, [task.id], {
    name: FLEET_WORKFLOW,
    runnerLabels: [RUNNER_LABEL],
    target: { mode: "all", batchSize: "50%", keepGoing: true },
  });
}

/** Runs the fleet workflow on every matching runner (a target for the runner, never claimed): its run view's path. */
export async function startFanOut(request: APIRequestContext, organizationId: string) {
  const workflows = await request.get(`/api/orgs/${organizationId}/workflows?limit=50`);
  const workflow = ((await workflows.json()) as { items: { id: string; name: string }[] }).items.find(
    (item) => item.name === FLEET_WORKFLOW,
  )!;
  const run = await post(request, `/api/orgs/${organizationId}/workflows/${workflow.id}/execute`, {});
  expect(run.status(), await run.text()).toBe(201);
  return `/workflows/runs/${((await run.json()) as { id: string }).id}`;
}

/** Starts the long-named release workflow as a checklist: the run view's and history's paths. */
export async function startRun(request: APIRequestContext, organizationId: string) {
  const list = await request.get(`/api/orgs/${organizationId}/workflows?limit=50`);
  expect(list.status(), await list.text()).toBe(200);
  const workflow = ((await list.json()) as { items: { id: string; name: string }[] }).items.find((item) =>
    item.name.startsWith("Release "),
  )!;
  const run = await post(request, `/api/orgs/${organizationId}/workflows/${workflow.id}/execute`, {
    mode: "checklist",
  });
  expect(run.status(), await run.text()).toBe(201);
  const runId = ((await run.json()) as { id: string }).id;
  return { runPath: `/workflows/runs/${runId}`, historyPath: `/workflows/${workflow.id}/history` };
}

/** Creates a token through the page: its value is shown once, in place (not in a dialog). */
export async function createTokenOnPage(page: Page) {
  await page.getByLabel("Token name").fill("Deploys from CI");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByText('Token "Deploys from CI" created')).toBeVisible();
}

/** A square PNG, as a person's photo or logo would be. */
function image(): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 240, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();
}

async function putImage(request: APIRequestContext, path: string) {
  const response = await request.put(path, {
    headers: { origin: E2E_BASE_URL },
    multipart: { file: { name: "picture.png", mimeType: "image/png", buffer: await image() } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The signed-in user's avatar, for the Remove avatar confirmation. */
export function uploadAvatar(request: APIRequestContext) {
  return putImage(request, "/api/profile/avatar");
}

/**
 * What the owner's dialogs open over, beside `seedRealisticData`: a runner (Run now asks for a
 * platform; a runner to edit and revoke), a workflow on every matching runner, a rule with a webhook, a logo and the owner's avatar.
 */
export async function seedForDialogs(request: APIRequestContext, organizationId: string) {
  await Promise.all([
    registerRunner(request, organizationId),
    createFleetWorkflow(request, organizationId),
    createRule(request, organizationId),
    putImage(request, `/api/orgs/${organizationId}/logo`),
    uploadAvatar(request),
  ]);
}
