import { expect, test } from "./support/fixtures.ts";

// The app is up and wired together: the server answers, serves the web app, and the web app's
// router guards protected pages.

test("the landing page names the product and links to login and sign-up", async ({ page }) => {
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));

  await page.goto("/");

  await expect(page.getByRole("heading", { name: /Flowdeck/ }).first()).toBeVisible();
  const login = page.getByRole("link", { name: "Login", exact: true }).first();
  const signUp = page.getByRole("link", { name: "Sign Up", exact: true }).first();
  await expect(login).toBeVisible();
  await expect(login).toHaveAttribute("href", "/login");
  await expect(signUp).toBeVisible();
  await expect(signUp).toHaveAttribute("href", "/register");
  expect(errors, "uncaught errors in the page").toEqual([]);
});

test("the health check answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("a signed-out visitor opening a protected deep link ends on the login page", async ({ page }) => {
  await page.goto("/workflows");

  await expect(page).toHaveURL((url) => url.pathname === "/login");
});
