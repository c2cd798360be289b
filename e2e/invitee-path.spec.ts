import type { Page } from "@playwright/test";
import { E2E_PASSWORD } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { inviteNewAddress } from "./support/invitations.ts";

// Issue 15: an invitee who chooses Log In on the invitation and then "Create one" keeps the
// invitation all the way, joins, and a second visit to the spent link says it was accepted, in
// this browser and in any other (the server says so, without naming the organization).
// Signed in, the landing page offers the dashboard instead of Login and Sign Up.

test("an invitee goes Log In → Create one, keeps the invitation, joins; the spent link says it was accepted", async ({
  owner,
  request,
  page,
  browser,
}) => {
  const { email, link } = await inviteNewAddress(request, owner.organizationId, "editor");

  await page.goto(link);
  await page.getByRole("link", { name: "Log In" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("link", { name: "Create one" }).click();

  // Register opens in join mode with the code and the address filled in.
  await expect(page.getByRole("radio", { name: /Join an existing organization/ })).toBeChecked();
  await expect(page.getByLabel("Invitation code", { exact: true })).toHaveValue(
    decodeURIComponent(new URL(link).pathname.slice(8)),
  );
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await createAccount(page);
  await expectWelcome(page, `Welcome to ${owner.organizationName}! You've been added as an editor.`);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Invitation already accepted" })).toBeVisible();
  await expect(
    page.getByText(`You already accepted this invitation and joined ${owner.organizationName}.`),
  ).toBeVisible();

  // Another browser, signed out: the server's answer, and a way to sign in.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto(link);
    await expect(other.getByRole("heading", { name: "Invitation already accepted" })).toBeVisible();
    await expect(
      other.getByText("This invitation has already been accepted. Sign in to open the organization."),
    ).toBeVisible();
    await expect(other.getByText(owner.organizationName)).toHaveCount(0);
    await other.getByRole("link", { name: "Sign in" }).click();
    await expect(other).toHaveURL((url) => url.pathname === "/login");
  } finally {
    await elsewhere.close();
  }

  await page.goto("/");
  const account = page.getByRole("navigation", { name: "Account" });
  await expect(account.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(account.getByRole("link", { name: "Login" })).toHaveCount(0);
  await expect(account.getByRole("link", { name: "Sign Up" })).toHaveCount(0);
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
});

// Issue 26: creating the account from the invitation, by its link or with the code typed on the
// register page, ends on the dashboard with the specification's welcome, never on "Invitation
// already accepted" (the account and the membership were made).

test("an invitee creates the account from the invitation's link and lands on the dashboard with the welcome", async ({
  owner,
  request,
  page,
}) => {
  const { email, link } = await inviteNewAddress(request, owner.organizationId, "editor");
  const refusals: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 409) refusals.push(response.url());
  });

  await page.goto(link);
  await page.getByRole("link", { name: "Create an account with this invitation" }).click();
  await expect(page.getByRole("radio", { name: /Join an existing organization/ })).toBeChecked();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await createAccount(page);

  await expectWelcome(page, `Welcome to ${owner.organizationName}! You've been added as an editor.`);
  await expect(page.getByRole("heading", { name: "Invitation already accepted" })).toHaveCount(0);
  expect(refusals).toEqual([]);
});

test("an invitee who types the code on the register page lands on the dashboard with the welcome", async ({
  owner,
  request,
  page,
}) => {
  const { email, link } = await inviteNewAddress(request, owner.organizationId, "viewer");

  await page.goto("/register");
  await page.getByRole("radio", { name: /Join an existing organization/ }).check();
  await page.getByLabel("Invitation code", { exact: true }).fill(decodeURIComponent(new URL(link).pathname.slice(8)));
  await page.getByLabel("Email").fill(email);
  await createAccount(page);

  await expectWelcome(page, `Welcome to ${owner.organizationName}! You've been added as a viewer.`);
});

async function createAccount(page: Page) {
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
}

async function expectWelcome(page: Page, welcome: string) {
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
  await expect(page.getByText(welcome)).toBeVisible();
}
