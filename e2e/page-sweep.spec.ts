import { PAGES } from "@flowdeck/shared/permissions/pages";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { registerOrganizationOwner, shareSession } from "./support/accounts.ts";
import { E2E_BASE_URL } from "./support/env.ts";
import {
  OWNER_DIALOGS,
  VIEWER_DIALOGS,
  createTokenOnPage,
  openDialog,
  seedForDialogs,
  startFanOut,
  startRun,
  uploadAvatar,
  type DialogOpener,
} from "./support/every-dialog.ts";
import { expectViewerAccess, gotoSettled } from "./support/every-page.ts";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { checkDialog, checkPage, DESKTOP, type Finding } from "./support/page-checks.ts";
import { LONG_COMMAND_NAME, seedRealisticData } from "./support/realistic-data.ts";

// Issue 15, every page and dialog, as the owner, as a viewer and as a visitor, each visited once:
// - titled '<Page> · <Organization> · Flowdeck' (outside an organization '<Page> · Flowdeck');
// - no serious or critical axe finding (WCAG 2 A and AA), in light and in dark;
// - on a 390 px phone nothing wider than the screen, even with long unbroken names, paths and
//   addresses, and every dialog's buttons within reach.

/** Every signed-in route and its page name, written out: a renamed page must change this table. */
const APP_TITLES: { path: string; page: string }[] = [
  { path: "/dashboard", page: "Dashboard" },
  { path: "/workflows", page: "Workflows" },
  { path: "/runs", page: "Runs" },
  { path: "/approvals", page: "Approvals" },
  { path: "/tasks", page: "Tasks" },
  { path: "/documents", page: "Documents" },
  { path: "/reports", page: "Reports" },
  { path: "/profile", page: "Profile" },
  { path: "/admin/members", page: "Members" },
  { path: "/admin/invitations", page: "Invitations" },
  { path: "/admin/settings", page: "Settings" },
  { path: "/admin/import-export", page: "Import and export" },
  { path: "/admin/api-tokens", page: "API tokens" },
  { path: "/admin/notifications", page: "Notifications" },
  { path: "/admin/runners", page: "Runners" },
  { path: "/admin/secrets", page: "Secrets" },
  { path: "/admin/freeze-windows", page: "Freeze windows" },
  { path: "/admin/audit", page: "Audit" },
  { path: "/admin/single-sign-on", page: "Single sign-on" },
  { path: "/admin/billing", page: "Billing" },
  // /admin leads to the members.
  { path: "/admin", page: "Members" },
];

/** The pages a signed-out visitor sees (the invitation page is added with a real code). */
const PUBLIC_TITLES: { path: string; title: string }[] = [
  { path: "/", title: "Flowdeck" },
  { path: "/login", title: "Log In · Flowdeck" },
  { path: "/register", title: "Sign Up · Flowdeck" },
  { path: "/forgot-password", title: "Reset your password · Flowdeck" },
  { path: "/reset-password?token=expired", title: "Set a new password · Flowdeck" },
  { path: "/no-such-page", title: "Page not found · Flowdeck" },
];

/** The page that does not exist is outside the app's shell, for visitors and members alike. */
const NOT_FOUND = { path: "/no-such-page", title: "Page not found · Flowdeck" };

/** An organization's pages with their titles: every page of the navigation, a run and a run history. */
function appPages(organizationName: string, run: { runPath: string; historyPath: string }) {
  const title = (page: string) => `${page} · ${organizationName} · Flowdeck`;
  return [
    ...APP_TITLES.map(({ path, page }) => ({ path, title: title(page) })),
    { path: run.runPath, title: title("Run") },
    { path: run.historyPath, title: title("Run history") },
    NOT_FOUND,
  ];
}

/** Opens each dialog on its page and screen, checks it and closes it. */
async function checkEveryDialog(page: Page, dialogs: DialogOpener[], who: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const dialog of dialogs) {
    if (dialog.viewport) await page.setViewportSize(dialog.viewport);
    await openDialog(page, dialog);
    findings.push(...(await checkDialog(page, `${dialog.where}${who}`)));
    if (dialog.viewport) await page.setViewportSize(DESKTOP);
  }
  return findings;
}

/**
 * An owner's organization filled as a team has it, with what every dialog opens over and a
 * second member (for the role change and removal dialogs); a browser signed in as the owner.
 */
async function ownerSweep(browser: Browser, request: APIRequestContext, newRequest: () => Promise<APIRequestContext>) {
  const owner = await registerOrganizationOwner(request);
  await Promise.all([
    seedRealisticData(request, owner.organizationId),
    seedForDialogs(request, owner.organizationId),
    registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest),
  ]);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, colorScheme: "light", viewport: DESKTOP });
  await shareSession(request, context);
  return { owner, context, page: await context.newPage() };
}

// Three tests, each on its own organization, so the workers share them out.
test.describe.configure({ mode: "parallel" });

test("every page of the owner: titled, no serious axe finding in light or dark, no wider than a phone", async ({
  browser,
  request,
  newRequest,
}) => {
  test.setTimeout(300_000);
  const { owner, context, page } = await ownerSweep(browser, request, newRequest);
  const run = await startRun(request, owner.organizationId);
  const findings: Finding[] = [];

  // The table leaves no page of the navigation out.
  expect(PAGES.map((item) => item.path).filter((path) => !APP_TITLES.some((row) => row.path === path))).toEqual([]);

  for (const { path, title } of appPages(owner.organizationName, run)) {
    await gotoSettled(page, path);
    await expect.soft(page, path).toHaveTitle(title);
    findings.push(...(await checkPage(page, path)));
  }

  // A run on every matching runner (decision 080): its matrix of targets and one target's output.
  await gotoSettled(page, await startFanOut(request, owner.organizationId));
  await expect(page.getByRole("table", { name: /Targets/ })).toBeVisible();
  findings.push(...(await checkPage(page, "a run on every matching runner")));

  // A workflow opened: its numbered steps, each with its command lines and a button to copy each.
  await gotoSettled(page, "/workflows");
  await page.getByRole("button", { name: "Show commands and runs of Nightly backup" }).click();
  await expect(page.getByText("pg_dump flowdeck > /backups/flowdeck.sql")).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy the Linux command of Back up the database" })).toBeVisible();
  findings.push(...(await checkPage(page, "an open workflow")));
  await page.getByRole("button", { name: "Create Workflow" }).click();
  findings.push(...(await checkPage(page, "the new workflow form")));
  // The long command name wraps in its card.
  await gotoSettled(page, "/tasks");
  await expect(page.getByRole("article", { name: LONG_COMMAND_NAME })).toBeVisible();

  await context.close();
  expect(findings).toEqual([]);
});

test("every dialog of the owner: no serious axe finding in light or dark, its buttons on a phone's screen", async ({
  browser,
  request,
  newRequest,
}) => {
  test.setTimeout(300_000);
  const { context, page } = await ownerSweep(browser, request, newRequest);
  const findings: Finding[] = [];

  // A new API token is shown once, in place; then every dialog the owner can open, each checked
  // inside, then closed with Escape.
  await gotoSettled(page, "/admin/api-tokens");
  await createTokenOnPage(page);
  findings.push(...(await checkPage(page, "a new API token, shown once")));
  findings.push(...(await checkEveryDialog(page, OWNER_DIALOGS, "")));

  await context.close();
  expect(findings).toEqual([]);
});

test("every page and dialog of a viewer or a visitor: titled, no serious axe finding, no wider than a phone", async ({
  browser,
  request,
  newRequest,
}) => {
  test.setTimeout(300_000);
  const owner = await registerOrganizationOwner(request);
  const [invitation, viewer] = await Promise.all([
    seedRealisticData(request, owner.organizationId),
    registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest),
  ]);
  await uploadAvatar(viewer.request);
  const run = await startRun(request, owner.organizationId);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, colorScheme: "light", viewport: DESKTOP });
  const page = await context.newPage();
  const findings: Finding[] = [];

  const visitorPages = [...PUBLIC_TITLES, { path: new URL(invitation).pathname, title: "Invitation · Flowdeck" }];
  for (const { path, title } of visitorPages) {
    await gotoSettled(page, path);
    await expect.soft(page, path).toHaveTitle(title);
    findings.push(...(await checkPage(page, path)));
  }

  // A viewer opens every route the owner does: the pages their role does not open say so (and
  // the navigation greys them, with the role each needs); a run and a run history are theirs to see.
  await shareSession(viewer.request, context);
  // (/admin only leads to the members page, which is in the list.)
  const viewerPaths = appPages(owner.organizationName, run).filter(({ path }) => path !== "/admin");
  for (const { path } of viewerPaths) {
    await gotoSettled(page, path);
    await expectViewerAccess(page, path);
    findings.push(...(await checkPage(page, `${path} as a viewer`)));
  }
  // Running is for editors and above: a viewer has no Run now, so no platform dialog either.
  await gotoSettled(page, "/workflows");
  await expect(page.getByRole("button", { name: /^Run now/ })).toHaveCount(0);
  findings.push(...(await checkEveryDialog(page, VIEWER_DIALOGS, " as a viewer")));

  await context.close();
  expect(findings).toEqual([]);
});
