import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { registerOrganizationOwner, shareSession } from "./support/accounts.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { E2E_BASE_URL } from "./support/env.ts";
import { APP_PATHS, gotoSettled, PUBLIC_PATHS } from "./support/every-page.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  OWNER_DIALOGS,
  VIEWER_DIALOGS,
  createRule,
  createTokenOnPage,
  registerRunner,
  startRun,
} from "./support/every-dialog.ts";
import { seedRealisticData } from "./support/realistic-data.ts";

// Issue 15: axe (WCAG 2 A and AA) finds nothing serious or critical on any page or dialog, in light
// and in dark, as the owner and as a viewer. One browser context per theme walks them in turn.

type Finding = { where: string; rule: string; impact: string; targets: string[] };

type Theme = "light" | "dark";

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

// The two themes are independent: each may take its own worker.
test.describe.configure({ mode: "parallel" });

for (const colorScheme of ["light", "dark"] as const) {
  test(`no serious axe findings on any page, ${colorScheme}`, async ({ browser, request, newRequest }) => {
    // About 50 pages and dialogs, each checked by axe: minutes on a busy two-core machine.
    test.setTimeout(480_000);
    const owner = await registerOrganizationOwner(request);
    const [invitation, viewer] = await Promise.all([
      seedRealisticData(request, owner.organizationId),
      registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest),
      registerRunner(request, owner.organizationId),
    ]);
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, colorScheme });
    const page = await context.newPage();
    const findings: Finding[] = [];

    for (const path of [...PUBLIC_PATHS, new URL(invitation).pathname]) {
      await gotoSettled(page, path);
      findings.push(...(await seriousFindings(page, path, colorScheme)));
    }

    await shareSession(request, context);
    for (const path of APP_PATHS) {
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

    // The viewer pages: a run and a workflow's run history.
    const { runPath, historyPath } = await startRun(request, owner.organizationId);
    for (const path of [runPath, historyPath]) {
      await gotoSettled(page, path);
      findings.push(...(await seriousFindings(page, path, colorScheme)));
    }

    // Every dialog the owner can open, each checked inside, then closed with Escape.
    await createRule(request, owner.organizationId);
    await gotoSettled(page, "/admin/api-tokens");
    await createTokenOnPage(page);
    findings.push(...(await seriousFindings(page, "a new API token, shown once", colorScheme)));
    for (const dialog of OWNER_DIALOGS) {
      await gotoSettled(page, dialog.path);
      findings.push(...(await dialogFindings(page, dialog.where, colorScheme, () => dialog.open(page))));
    }

    // A viewer sees the pages their role does not open, greyed, with the role each needs, and
    // opens what a viewer may: the run view, the history, a document, the credit history.
    await shareSession(viewer.request, context);
    for (const path of ["/dashboard", "/workflows", "/documents", "/reports", "/profile", runPath, historyPath]) {
      await gotoSettled(page, path);
      findings.push(...(await seriousFindings(page, `${path} as a viewer`, colorScheme)));
    }
    // Running is for editors and above: a viewer has no Run now, so no platform dialog either.
    await gotoSettled(page, "/workflows");
    await expect(page.getByRole("button", { name: /^Run now/ })).toHaveCount(0);
    for (const dialog of VIEWER_DIALOGS) {
      await gotoSettled(page, dialog.path);
      findings.push(
        ...(await dialogFindings(page, `${dialog.where} as a viewer`, colorScheme, () => dialog.open(page))),
      );
    }

    await context.close();
    expect(findings).toEqual([]);
  });
}
