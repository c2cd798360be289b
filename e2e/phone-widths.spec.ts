import type { Page } from "@playwright/test";
import { shareSession } from "./support/accounts.ts";
import { E2E_BASE_URL } from "./support/env.ts";
import { APP_PATHS, expectViewerAccess, gotoSettled, PUBLIC_PATHS } from "./support/every-page.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  OWNER_DIALOGS,
  PHONE,
  VIEWER_DIALOGS,
  createTokenOnPage,
  openDialog,
  seedForDialogs,
  startRun,
  uploadAvatar,
  type DialogOpener,
} from "./support/every-dialog.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { LONG_COMMAND_NAME, seedRealisticData } from "./support/realistic-data.ts";

// Issue 15: on a 390 px phone no page is wider than the screen, even with long unbroken names,
// paths and addresses, and every dialog's buttons can be reached.

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

/**
 * The parts of the open dialog that scroll sideways without being meant to: a dialog's body
 * scrolls up and down, and a long word that does not wrap would make it scroll sideways too,
 * hiding its end. Places made to scroll sideways (`overflow-x-auto`: command lines) are left out.
 */
async function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.getByRole("dialog").evaluate((dialog) =>
    Array.from(dialog.querySelectorAll<HTMLElement>("*"))
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          style.overflowX !== "visible" &&
          style.overflowX !== "hidden" &&
          !element.classList.contains("overflow-x-auto") &&
          !["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName) &&
          element.scrollWidth > element.clientWidth + 1
        );
      })
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}"> ${element.scrollWidth} px`),
  );
}

/** Every button of the open dialog lies inside the screen, and nothing in it scrolls sideways. */
async function expectDialogButtonsOnScreen(page: Page, where: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expectNoOverflow(page, where);
  expect.soft(await sidewaysScrolling(page), `${where} scrolls sideways`).toEqual([]);
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

/** Each dialog on its page, its buttons on the screen, closed again with Escape. */
async function expectEveryDialogOnScreen(page: Page, dialogs: DialogOpener[], who: string) {
  for (const dialog of dialogs) {
    await openDialog(page, dialog);
    await expectDialogButtonsOnScreen(page, `${dialog.where}${who}`);
  }
}

// The owner's and the viewer's sweeps, each on its own organization: the workers take them in parallel.
test.describe.configure({ mode: "parallel" });

test("no page or dialog of the owner is wider than a 390 px phone", async ({ browser, owner, request, newRequest }) => {
  test.setTimeout(240_000);
  // A second member, for the role change and removal dialogs.
  await Promise.all([
    seedRealisticData(request, owner.organizationId),
    seedForDialogs(request, owner.organizationId),
    registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest),
  ]);
  const { runPath, historyPath } = await startRun(request, owner.organizationId);

  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: PHONE });
  await shareSession(request, context);
  const page = await context.newPage();
  for (const path of [...APP_PATHS, runPath, historyPath]) {
    await gotoSettled(page, path);
    await expectNoOverflow(page, path);
  }

  await gotoSettled(page, "/tasks");
  await expect(page.getByRole("article", { name: LONG_COMMAND_NAME })).toBeVisible();
  await gotoSettled(page, "/workflows");
  await page.getByRole("button", { name: "Create Workflow" }).click();
  await expectNoOverflow(page, "the new workflow form");
  await gotoSettled(page, "/admin/api-tokens");
  await createTokenOnPage(page);
  await expectNoOverflow(page, "a new API token, shown once");

  await expectEveryDialogOnScreen(page, OWNER_DIALOGS, "");
  await context.close();
});

test("no page or dialog of a viewer or a visitor is wider than a 390 px phone", async ({
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
  await uploadAvatar(viewer.request);
  const { runPath, historyPath } = await startRun(request, owner.organizationId);

  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: PHONE });
  const page = await context.newPage();
  for (const path of [...PUBLIC_PATHS, new URL(invitation).pathname]) {
    await gotoSettled(page, path);
    await expectNoOverflow(page, path);
  }

  // The same routes as the owner's, the denied ones included.
  await shareSession(viewer.request, context);
  for (const path of [...APP_PATHS, runPath, historyPath]) {
    await gotoSettled(page, path);
    await expectViewerAccess(page, path);
    await expectNoOverflow(page, `${path} as a viewer`);
  }
  await expectEveryDialogOnScreen(page, VIEWER_DIALOGS, " as a viewer");
  await context.close();
});
