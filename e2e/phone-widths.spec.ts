import type { Page } from "@playwright/test";
import { shareSession } from "./support/accounts.ts";
import { E2E_BASE_URL } from "./support/env.ts";
import { APP_PATHS, gotoSettled, PUBLIC_PATHS } from "./support/every-page.ts";
import { expect, test } from "./support/fixtures.ts";
import { startRun } from "./support/every-dialog.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { LONG_COMMAND_NAME, seedRealisticData } from "./support/realistic-data.ts";

// Issue 15: on a 390 px phone no page is wider than the screen, even with long unbroken names,
// paths and addresses, and every dialog's buttons can be reached.

const PHONE = { width: 390, height: 844 };

/** The document's width, and the outermost elements reaching past the screen's right edge. */
async function documentWidth(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const wide = Array.from(document.body.querySelectorAll("*")).filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5,
    );
    // The outermost ones: each sticks out while its parent does not, so it is the one to fix.
    const outermost = wide.filter((element) => !wide.includes(element.parentElement!));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      culprits: outermost
        .slice(0, 5)
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class")}">`),
    };
  });
}

async function expectNoOverflow(page: Page, where: string) {
  const { scrollWidth, innerWidth, culprits } = await documentWidth(page);
  expect
    .soft(scrollWidth, `${where} is ${scrollWidth} px wide on a ${innerWidth} px screen: ${culprits.join(", ")}`)
    .toBeLessThanOrEqual(innerWidth);
}

/** Every button of the open dialog lies inside the screen. */
async function expectDialogButtonsOnScreen(page: Page, where: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expectNoOverflow(page, where);
  for (const button of await dialog.getByRole("button").all()) {
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box, `a button of ${where}`).not.toBeNull();
    expect.soft(box!.x, `${where}: ${await button.textContent()}`).toBeGreaterThanOrEqual(0);
    expect.soft(box!.x + box!.width, `${where}: ${await button.textContent()}`).toBeLessThanOrEqual(PHONE.width);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

test("no page is wider than a 390 px phone, for the owner, a viewer and a visitor", async ({
  browser,
  owner,
  request,
  newRequest,
}) => {
  test.setTimeout(180_000);
  const [invitation, viewer] = await Promise.all([
    seedRealisticData(request, owner.organizationId),
    registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest),
  ]);

  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: PHONE });
  const page = await context.newPage();
  for (const path of [...PUBLIC_PATHS, new URL(invitation).pathname]) {
    await gotoSettled(page, path);
    await expectNoOverflow(page, path);
  }

  await shareSession(request, context);
  const { runPath, historyPath } = await startRun(request, owner.organizationId);
  for (const path of [...APP_PATHS, runPath, historyPath]) {
    await gotoSettled(page, path);
    await expectNoOverflow(page, path);
  }

  await gotoSettled(page, "/tasks");
  await expect(page.getByRole("article", { name: LONG_COMMAND_NAME })).toBeVisible();
  await page.getByRole("button", { name: "Add Command" }).click();
  await expectDialogButtonsOnScreen(page, "Add Command");
  await page.getByRole("button", { name: `Edit ${LONG_COMMAND_NAME}` }).click();
  await expectDialogButtonsOnScreen(page, "Edit Command");

  await gotoSettled(page, "/workflows");
  await page.getByRole("button", { name: "Create Workflow" }).click();
  await expectNoOverflow(page, "the new workflow form");

  await gotoSettled(page, "/documents");
  await page.getByRole("button", { name: "Upload document" }).click();
  await expectDialogButtonsOnScreen(page, "Upload document");

  await gotoSettled(page, "/dashboard");
  await page.getByRole("button", { name: "View full history" }).click();
  await expectDialogButtonsOnScreen(page, "Credit history");
  await context.close();

  const viewerContext = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: PHONE });
  await shareSession(viewer.request, viewerContext);
  const viewerPage = await viewerContext.newPage();
  for (const path of ["/dashboard", "/workflows", "/documents", "/reports", "/profile", "/admin/members"]) {
    await gotoSettled(viewerPage, path);
    await expectNoOverflow(viewerPage, `${path} as a viewer`);
  }
  await viewerContext.close();
});
