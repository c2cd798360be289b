import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { registerOrganizationOwner, shareSession } from "./support/accounts.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { E2E_BASE_URL } from "./support/env.ts";
import { APP_PATHS, expectViewerAccess, gotoSettled, PUBLIC_PATHS } from "./support/every-page.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  OWNER_DIALOGS,
  VIEWER_DIALOGS,
  createTokenOnPage,
  openDialog,
  seedForDialogs,
  startRun,
  uploadAvatar,
  type DialogOpener,
} from "./support/every-dialog.ts";
import { seedRealisticData } from "./support/realistic-data.ts";

// Issue 15: axe (WCAG 2 A and AA) finds nothing serious or critical on any page or dialog, in light
// and in dark, as the owner and as a viewer. One browser context per theme walks them in turn.

type Finding = { where: string; rule: string; impact: string; targets: string[] };

type Theme = "light" | "dark";

const DESKTOP = { width: 1280, height: 720 };

/**
 * axe's serious and critical findings on the page (or inside `scope`). Only colours differ between
 * the themes, so in dark only the colour-contrast rule runs again: the sweep takes half the time.
 */
async function seriousFindings(page: Page, where: string, theme: Theme, scope?: string): Promise<Finding[]> {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
  if (theme === "dark") builder = builder.withRules(["color-contrast"]);
  if (scope) builder = builder.include(scope);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? "",
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

/** Opens a dialog with `opener`, checks it, and closes it with Escape. */
async function dialogFindings(page: Page, where: string, theme: Theme, open: () => Promise<void>): Promise<Finding[]> {
  await open();
  await expect(page.getByRole("dialog"), `the dialog "${where}"`).toBeVisible();
  const findings = await seriousFindings(page, where, theme, '[role="dialog"]');
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  return findings;
}

/** Each dialog on its page, on the screen it needs (the navigation drawer on a phone's). */
async function everyDialogFindings(page: Page, dialogs: DialogOpener[], theme: Theme, who: string) {
  const findings: Finding[] = [];
  for (const dialog of dialogs) {
    if (dialog.viewport) await page.setViewportSize(dialog.viewport);
    findings.push(...(await dialogFindings(page, `${dialog.where}${who}`, theme, () => openDialog(page, dialog))));
    if (dialog.viewport) await page.setViewportSize(DESKTOP);
  }
  return findings;
}

/**
 * An owner's organization filled as a team has it, with what every dialog opens over and a
 * second member (for the role change and removal dialogs); a browser signed in as the owner.
 */
async function ownerSweep(
  browser: Browser,
  request: APIRequestContext,
  newRequest: () => Promise<APIRequestContext>,
  colorScheme: Theme,
) {
  const owner = await registerOrganizationOwner(request);
  await Promise.all([
    seedRealisticData(request, owner.organizationId),
    seedForDialogs(request, owner.organizationId),
    registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest),
  ]);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, colorScheme, viewport: DESKTOP });
  await shareSession(request, context);
  return { owner, context, page: await context.newPage() };
}

// Six tests: in each theme the owner's pages, the owner's dialogs, and the viewer's and visitor's
// pages and dialogs, each on its own organization, so the workers share them out evenly.
test.describe.configure({ mode: "parallel" });

for (const colorScheme of ["light", "dark"] as const) {
  test(`no serious axe findings on any page of the owner, ${colorScheme}`, async ({ browser, request, newRequest }) => {
    test.setTimeout(300_000);
    const { owner, context, page } = await ownerSweep(browser, request, newRequest, colorScheme);
    const { runPath, historyPath } = await startRun(request, owner.organizationId);
    const findings: Finding[] = [];

    for (const path of [...APP_PATHS, runPath, historyPath]) {
      await gotoSettled(page, path);
      findings.push(...(await seriousFindings(page, path, colorScheme)));
    }

    // A workflow opened: its numbered steps and run history.
    await gotoSettled(page, "/workflows");
    await page.getByRole("button", { name: "Show commands and runs of Nightly backup" }).click();
    // Each step shows its command lines, with a button to copy each.
    await expect(page.getByText("pg_dump flowdeck > /backups/flowdeck.sql")).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy the Linux command of Back up the database" })).toBeVisible();
    findings.push(...(await seriousFindings(page, "an open workflow", colorScheme)));

    await context.close();
    expect(findings).toEqual([]);
  });

  test(`no serious axe findings in any dialog of the owner, ${colorScheme}`, async ({
    browser,
    request,
    newRequest,
  }) => {
    test.setTimeout(300_000);
    const { context, page } = await ownerSweep(browser, request, newRequest, colorScheme);
    const findings: Finding[] = [];

    // A new API token is shown once, in place; then every dialog the owner can open, each checked
    // inside, then closed with Escape.
    await gotoSettled(page, "/admin/api-tokens");
    await createTokenOnPage(page);
    findings.push(...(await seriousFindings(page, "a new API token, shown once", colorScheme)));
    findings.push(...(await everyDialogFindings(page, OWNER_DIALOGS, colorScheme, "")));

    await context.close();
    expect(findings).toEqual([]);
  });

  test(`no serious axe findings on any page or dialog of a viewer or a visitor, ${colorScheme}`, async ({
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
    const { runPath, historyPath } = await startRun(request, owner.organizationId);
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, colorScheme, viewport: DESKTOP });
    const page = await context.newPage();
    const findings: Finding[] = [];

    for (const path of [...PUBLIC_PATHS, new URL(invitation).pathname]) {
      await gotoSettled(page, path);
      findings.push(...(await seriousFindings(page, path, colorScheme)));
    }

    // A viewer opens every route the owner does: the pages their role does not open say so (and
    // the navigation greys them, with the role each needs); a run and a run history are theirs to see.
    await shareSession(viewer.request, context);
    for (const path of [...APP_PATHS, runPath, historyPath]) {
      await gotoSettled(page, path);
      await expectViewerAccess(page, path);
      findings.push(...(await seriousFindings(page, `${path} as a viewer`, colorScheme)));
    }
    // Running is for editors and above: a viewer has no Run now, so no platform dialog either.
    await gotoSettled(page, "/workflows");
    await expect(page.getByRole("button", { name: /^Run now/ })).toHaveCount(0);
    findings.push(...(await everyDialogFindings(page, VIEWER_DIALOGS, colorScheme, " as a viewer")));

    await context.close();
    expect(findings).toEqual([]);
  });
}
