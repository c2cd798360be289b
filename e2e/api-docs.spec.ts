import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "./support/env.ts";

// The API reference is served by the app itself, under the app's content security policy.
test("the API reference renders from same-origin assets with no CSP violation", async ({ page }) => {
  const violations: string[] = [];
  const foreign: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on("request", (request) => {
    if (!request.url().startsWith(E2E_BASE_URL) && !request.url().startsWith("data:")) foreign.push(request.url());
  });
  // A deep link to one operation: the reference draws the operations as they scroll into view, so
  // one far down the page exists only once the page has scrolled to it.
  await page.goto("/api/docs#/tasks/postOrgTasks");
  // The reference parses the whole OpenAPI document in the browser before it draws anything: on a
  // busy machine (the accessibility sweeps run beside it) that took longer than the default 5 s.
  await expect(page.getByRole("heading", { name: /Flowdeck API/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: /^POST \/api\/orgs\/\{orgId\}\/tasks\b/ })).toBeVisible({
    timeout: 10_000,
  });
  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});
