import { PAGES } from "@flowdeck/shared/permissions/pages";
import { expect, type Page } from "@playwright/test";

/** Pages a signed-out visitor sees (the invitation page is added with a real code). */
export const PUBLIC_PATHS = ["/", "/login", "/register", "/forgot-password", "/reset-password?token=expired"];

/** Every page of the signed-in app, in navigation order, and a page that does not exist. */
export const APP_PATHS: string[] = [...PAGES.map((page) => page.path), "/no-such-page"];

/**
 * Opens `path` and waits until it has settled: its main heading shown and no skeleton or busy
 * region left, so a check never runs on a half-loaded page.
 */
export async function gotoSettled(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0);
}
