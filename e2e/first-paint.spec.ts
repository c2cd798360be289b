import { submitSignInForm } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";

// A first visit to / gets the landing page alone (landing.html, docs/decisions/046): React and the
// page, without the app's router, data layer or pages. Its links lead into the app.

function appScripts(urls: string[]) {
  return urls.filter((url) => /\/assets\/(app|app-shell|login-page)-[^/]*\.js$/.test(new URL(url).pathname));
}

test("/ loads the landing page without the app, and its links lead into the app", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome to Flowdeck" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(requested.some((url) => url.includes("/assets/landing"))).toBe(true);
  expect(appScripts(requested)).toEqual([]);

  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
  await expect(page.getByRole("heading", { name: "Sign in to Flowdeck" })).toBeVisible();
  expect(appScripts(requested).length).toBeGreaterThan(0);
});

test("signed in, / offers the dashboard, and the app's own way back to / shows the same page", async ({
  ownerPage: page,
}) => {
  await page.goto("/");
  const dashboard = page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Dashboard" });
  await expect(dashboard).toBeVisible();
  await expect(page.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
  await dashboard.click();
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard");

  // A page the app cannot find links home; the app shows the landing page itself.
  await page.goto("/no-such-page");
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Flowdeck" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to your dashboard" })).toBeVisible();
});

// The build draws the sign-in page into its own HTML (docs/decisions/049): it paints before any
// script runs, nothing in it can be used until the app takes its place, and then it works.
test("/login is painted before its scripts run, and the app takes its place", async ({ browser, owner }) => {
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
  const drawn = await withoutScripts.newPage();
  await drawn.goto("/login");
  await expect(drawn).toHaveTitle("Log In · Flowdeck");
  await expect(drawn.getByRole("heading", { name: "Sign in to Flowdeck" })).toBeVisible();
  const email = drawn.getByLabel("Email");
  await expect(email).toBeVisible();
  expect(await email.evaluate((input) => input.closest("[inert]") !== null)).toBe(true);
  await withoutScripts.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login?redirect=%2Freports");
  await submitSignInForm(page, owner);
  await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();
  await expect(page.locator("[inert]")).toHaveCount(0);
  await context.close();
});

test("the drawn sign-in page shows the theme toggle's icon for the visitor's theme", async ({ browser }) => {
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    // The theme script runs, the app does not: what shows is the drawn page.
    await page.route(/\/assets\/app-[^/]*\.js$/, (route) => route.abort());
    await page.goto("/login");
    await expect(page.locator("[data-prerendered]")).toHaveCount(1);
    // The icon shows the theme the toggle switches to: the moon in light, the sun in dark.
    const shown = colorScheme === "dark" ? "lucide-sun" : "lucide-moon";
    const hidden = colorScheme === "dark" ? "lucide-moon" : "lucide-sun";
    const toggle = page.getByRole("banner").locator("button[aria-label^='Switch to']");
    await expect(toggle.locator(`svg.${shown}`)).toBeVisible();
    await expect(toggle.locator(`svg.${hidden}`)).toBeHidden();
    await context.close();
  }
});

// A page of the shell whose header needs no data is drawn with it (docs/decisions/084): its title
// paints with the HTML, in the frame of the app, and the app's page takes its place.
test("/workflows is painted with its header before its scripts run, and the app takes its place", async ({
  ownerPage: page,
}) => {
  await page.route(/\/assets\/[^/]*\.js$/, (route) => route.abort());
  await page.goto("/workflows");
  const drawn = page.locator("[data-prerendered]");
  await expect(drawn.getByRole("heading", { name: "Workflows", exact: true })).toBeVisible();
  await expect(drawn.getByText("Commands in order, run by hand or on a schedule")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Workflow" })).toHaveCount(0);

  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole("button", { name: "Create Workflow" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Workflows", exact: true })).toBeVisible();
  await expect(page.locator("[data-prerendered]")).toHaveCount(0);
});
