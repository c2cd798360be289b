import { request as apiRequest, expect, type Browser } from "@playwright/test";
import { registrationBody } from "../../apps/server/test/helpers/test-data.ts";
import { E2E_PASSWORD, uniqueDomain } from "./accounts.ts";

/**
 * The owner of a new organization on `base` (a server of the test's own), on the single sign-on
 * page in a browser context of their own. Their address is on the organization's registered
 * domain, so single sign-on for that domain is verified at once.
 */
export async function ownerOnSingleSignOnPage(browser: Browser, base: string) {
  const domain = uniqueDomain();
  const owner = await apiRequest.newContext({ baseURL: base });
  const registered = await owner.post("/api/account/register", {
    headers: { origin: base },
    data: registrationBody({
      email: `owner@${domain}`,
      password: E2E_PASSWORD,
      organizationName: "Night Shift",
      domain,
    }),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const context = await browser.newContext();
  await context.addCookies((await owner.storageState()).cookies);
  await owner.dispose();
  const page = await context.newPage();
  await page.goto(`${base}/admin/single-sign-on`);
  await expect(page.getByRole("heading", { level: 1, name: "Single sign-on" })).toBeVisible({ timeout: 15_000 });
  return { domain, page, close: () => context.close() };
}
