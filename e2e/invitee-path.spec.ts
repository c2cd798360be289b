import { E2E_PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { invitationLink, sendInvitation } from "./support/invitations.ts";

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
  const email = uniqueEmail("invitee");
  const since = new Date();
  await sendInvitation(request, owner.organizationId, email, "editor");
  const link = await invitationLink(email, since);

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
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
  await expect(page.getByText(`Welcome to ${owner.organizationName}! You've been added as an editor.`)).toBeVisible();

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
