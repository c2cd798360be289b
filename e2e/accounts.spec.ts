import { MESSAGES } from "@flowdeck/shared";
import { E2E_PASSWORD, shareSession, submitSignInForm, uniqueDomain, uniqueEmail } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { extractLink, waitForMail } from "./support/outbox.ts";

// A new user's whole first visit, as a person makes it: from the landing page to an account and
// an organization, out and in again, and back in after forgetting the password.
test("register a new organization, log out, log in, reset the password and log in with it", async ({ page }) => {
  const email = uniqueEmail("ada");
  const newPassword = "a-brand-new-secret";

  await page.goto("/");
  await page.getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/register");

  // Every field is checked with the specification's texts before anything is sent.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(MESSAGES.organizationNameMissing)).toBeVisible();
  await expect(page.getByText(MESSAGES.organizationDomainMissing)).toBeVisible();
  await expect(page.getByText(MESSAGES.emailRequired)).toBeVisible();
  await page.getByLabel("Organization domain").fill("not a domain");
  await page.getByLabel("Password", { exact: true }).fill("12345");
  await page.getByLabel("Confirm password").fill("12346");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(MESSAGES.domainInvalid)).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordTooShortRegister)).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();

  await page.getByLabel("Organization name").fill("Night Shift Ops");
  await page.getByLabel("Organization domain").fill(uniqueDomain());
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
  const name = email.split("@")[0];
  await expect(page.getByRole("heading", { name: `Welcome back, ${name}!` })).toBeVisible();
  await expect(page.getByText("Your role:").getByText("owner")).toBeVisible();

  // A signed-in user who opens the login page goes to the dashboard.
  await page.goto("/login");
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
  await page.goto("/dashboard");
  await expect(page).toHaveURL((url) => url.pathname === "/login");

  await submitSignInForm(page, { email, password: "wrong-password" });
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: `Welcome back, ${name}!` })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // The page loads on first visit: until then the login form's Email field is still there.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  const askedAt = new Date();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(MESSAGES.checkEmail)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send to different email" })).toBeVisible();

  const mail = await waitForMail({ to: email, subjectIncludes: "Reset", since: askedAt });
  await page.goto(extractLink(mail, "/reset-password"));
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText(MESSAGES.passwordResetDone)).toBeVisible();
  await page.getByRole("link", { name: "Go to sign in" }).click();

  await submitSignInForm(page, { email, password: E2E_PASSWORD });
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: `Welcome back, ${name}!` })).toBeVisible();
});

test("a protected deep link comes back after login", async ({ page, owner }) => {
  await page.goto("/reports");
  await expect(page).toHaveURL((url) => url.pathname === "/login");
  await submitSignInForm(page, owner);
  await expect(page).toHaveURL((url) => url.pathname === "/reports");
  await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();
});

test("Google and GitHub say they are not yet implemented", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Google" }).click();
  await expect(page.getByText(MESSAGES.oauthLogin("Google"))).toBeVisible();
  await page.goto("/register");
  await page.getByRole("button", { name: "GitHub" }).click();
  await expect(page.getByText(MESSAGES.oauthRegister("GitHub"))).toBeVisible();
});

test("the sidebar greys what a viewer's role cannot reach, and the server agrees", async ({
  browser,
  owner,
  request,
  newRequest,
}) => {
  const viewer = await registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest);
  const context = await browser.newContext();
  try {
    await shareSession(viewer.request, context);
    const page = await context.newPage();
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(page.getByText("Your role:").getByText("viewer")).toBeVisible();

    await expect(nav.getByRole("link", { name: "Workflows" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Reports" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Profile" })).toBeVisible();
    for (const [label, role] of [
      ["Tasks", "editor"],
      ["Members", "admin"],
      ["Settings", "admin"],
      ["Billing", "owner"],
    ] as const) {
      await expect(nav.getByRole("link", { name: label })).toHaveCount(0);
      const item = nav.locator('[aria-disabled="true"]', { hasText: label });
      await expect(item).toContainText(`Requires ${role} role or higher`);
    }

    // Typing the address anyway shows the access-denied panel with the spec's message.
    await page.goto("/admin/members");
    await expect(
      page.getByText("You need admin role or higher to access this page. Your current role is viewer."),
    ).toBeVisible();
    await expect(page.getByText("Please contact your organization administrator to request access.")).toBeVisible();
    const refused = await viewer.request.get(`/api/orgs/${owner.organizationId}/invitations`);
    expect(refused.status()).toBe(403);
  } finally {
    await context.close();
  }
});

test("the theme toggle switches to dark and the choice survives a reload", async ({ page }) => {
  await page.goto("/");
  const html = page.locator("html");
  const wasDark = (await html.getAttribute("class"))?.includes("dark") ?? false;
  await page.getByRole("button", { name: wasDark ? "Switch to light theme" : "Switch to dark theme" }).click();
  await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
});

test("on a phone the navigation slides over and closes", async ({ ownerPage: page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/dashboard");
  const open = page.getByRole("button", { name: "Open navigation" });
  await expect(open).toBeVisible();
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Navigation" });
  await expect(dialog.getByRole("link", { name: "Workflows" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close navigation" }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
