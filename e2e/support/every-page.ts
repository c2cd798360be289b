import { findPage } from "@flowdeck/shared/permissions/pages";
import { accessDeniedMessage } from "@flowdeck/shared/permissions/access";
import { hasRole } from "@flowdeck/shared/permissions/roles";
import { expect, type Page } from "@playwright/test";

/**
 * Opens `path` and waits until it has settled: its main heading shown and no skeleton or busy
 * region left, so a check never runs on a half-loaded page.
 */
export async function gotoSettled(page: Page, path: string) {
  await page.goto(path);
  // A page's first visit loads its code and its data: on a busy machine that can take seconds.
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0);
}

/**
 * A viewer on `path` sees the page, or, where the page needs a higher role (spec 2's page
 * minimums), the access-denied page naming that role.
 */
export async function expectViewerAccess(page: Page, path: string) {
  const minimum = findPage(path)?.minimumRole;
  const denied = page.getByRole("heading", { level: 1, name: "Access denied" });
  if (minimum && !hasRole("viewer", minimum)) {
    await expect(denied, `${path} as a viewer`).toBeVisible();
    await expect(page.getByRole("main")).toContainText(accessDeniedMessage(minimum, "viewer"));
  } else {
    await expect(denied, `${path} as a viewer`).toHaveCount(0);
  }
}
