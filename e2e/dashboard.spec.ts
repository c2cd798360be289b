import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import type { Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts.ts";
import { E2E_BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";
import { extractLink, waitForMail } from "./support/outbox.ts";
import { openSignedInPage } from "./support/signed-in-page.ts";

// Issue 4: the dashboard and the credit ledger. Credits move from the dashboard, every member's
// screen follows without a reload, and the server's refusals are shown.

const ORIGIN = { origin: E2E_BASE_URL };

async function expectBalance(page: Page, credits: string) {
  await expect(page.getByRole("group", { name: "Credit balance", exact: true })).toHaveText(
    new RegExp(`^Credit balance\\s*${credits}\\s*credits available$`),
  );
}

function recentTransactions(page: Page) {
  return page.getByRole("list", { name: "Recent credit transactions" }).getByRole("listitem");
}

async function changeCredits(page: Page, button: "Consume" | "Add", amount: string, description?: string) {
  await page.getByLabel("Amount").fill(amount);
  if (description !== undefined) await page.getByLabel("Description (optional)").fill(description);
  await page.getByRole("button", { name: button, exact: true }).click();
}

test("an owner consumes and adds credits; another member's dashboard follows without a reload", async ({
  owner,
  request,
  ownerPage: page,
  browser,
  newRequest,
}) => {
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  const editor = await registerInvitedMember({ request, organizationId: owner.organizationId }, "editor", newRequest);
  const watcher = await openSignedInPage(browser, editor.request);
  try {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: `Welcome back, ${owner.email.split("@")[0]}!` })).toBeVisible();
    await expect(page.getByRole("heading", { name: owner.organizationName })).toBeVisible();
    await expectBalance(page, "100");
    await expect(page.getByRole("group", { name: "Members", exact: true })).toContainText("2");
    await expect(recentTransactions(page)).toHaveCount(1);
    await expect(recentTransactions(page).first()).toContainText("Initial credits");
    await expect(recentTransactions(page).first()).toContainText("+100");

    await watcher.goto("/dashboard");
    await expectBalance(watcher, "100");

    // Empty and non-positive amounts are silently ignored (spec 5).
    for (const ignored of ["", "0", "-5"]) await changeCredits(page, "Consume", ignored);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expectBalance(page, "100");

    await changeCredits(page, "Consume", "30", "Nightly backup");
    await expect(page.getByText("Consumed 30 credits. New balance: 70.")).toBeVisible();
    await expectBalance(page, "70");
    await expect(page.getByLabel("Amount")).toHaveValue("");
    await expect(recentTransactions(page).first()).toContainText("Nightly backup");
    await expect(recentTransactions(page).first()).toContainText("-30");

    // The editor's dashboard, in another browser, moves without a reload.
    await expectBalance(watcher, "70");
    await expect(recentTransactions(watcher).first()).toContainText("Nightly backup");
    await expect(recentTransactions(watcher).first()).toContainText("-30");

    await changeCredits(page, "Add", "50");
    await expect(page.getByText("Added 50 credits. New balance: 120.")).toBeVisible();
    await expect(recentTransactions(page).first()).toContainText("Credits added");
    await expect(recentTransactions(page).first()).toContainText("+50");
    await expectBalance(watcher, "120");
    await expect(recentTransactions(watcher)).toHaveCount(3);
    await expect(recentTransactions(watcher).first()).toContainText("+50");

    // The editor consumes; the owner's screen follows.
    await changeCredits(watcher, "Consume", "20", "Deploy");
    await expectBalance(watcher, "100");
    await expectBalance(page, "100");
    await expect(recentTransactions(page).first()).toContainText("Deploy");

    // The last 10 only; the rest is in the history, newest first, with a type filter and pages.
    for (let index = 1; index <= 9; index++) {
      const response = await request.post(`/api/orgs/${owner.organizationId}/credits/consume`, {
        headers: ORIGIN,
        data: { amount: 1, description: `Batch job ${index}` },
      });
      expect(response.status()).toBe(201);
    }
    await expectBalance(page, "91");
    await expect(recentTransactions(page)).toHaveCount(10);
    await expect(recentTransactions(page).first()).toContainText("Batch job 9");

    await page.getByRole("button", { name: "View full history" }).click();
    const history = page.getByRole("dialog", { name: "Credit history" });
    await expect(history.getByText("13 transactions")).toBeVisible();
    await expect(history.getByRole("row")).toHaveCount(14); // header + 13
    await history.getByLabel("Type").selectOption("addition");
    await expect(history.getByText("2 transactions")).toBeVisible();
    await expect(history.getByRole("row").nth(1)).toContainText("+50");
    await expect(history.getByRole("row").nth(2)).toContainText("Initial credits");
    await history.getByLabel("Type").selectOption("");
    await expect(history.getByText("13 transactions")).toBeVisible();
    // One page holds them all: no page controls.
    await expect(history.getByRole("navigation", { name: "Credit history pages" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(history).toBeHidden();
    expect(errors, "uncaught errors in the page").toEqual([]);
  } finally {
    await watcher.context().close();
  }
});

test("a viewer's Add is refused, and so is consuming more than the balance", async ({
  owner,
  request,
  browser,
  newRequest,
}) => {
  const viewer = await registerInvitedMember({ request, organizationId: owner.organizationId }, "viewer", newRequest);
  const page = await openSignedInPage(browser, viewer.request);
  try {
    await page.goto("/dashboard");
    await expectBalance(page, "100");
    // Adding is for admins: a viewer is told so, offered no Add button, and refused by the server.
    await expect(page.getByText("Adding credits: Requires admin role or higher.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add", exact: true })).toHaveCount(0);
    const add = await viewer.request.post(`/api/orgs/${owner.organizationId}/credits/add`, {
      headers: ORIGIN,
      data: { amount: 25 },
    });
    expect(add.status()).toBe(403);
    expect(((await add.json()) as { error: { message: string } }).error.message).toBe(
      "You do not have permission to add credits",
    );
    await expectBalance(page, "100");

    await changeCredits(page, "Consume", "101");
    await expect(page.getByRole("alert")).toHaveText("Insufficient credits");
    await expectBalance(page, "100");
    await expect(recentTransactions(page)).toHaveCount(1);

    // A viewer may consume what the balance holds.
    await changeCredits(page, "Consume", "100", "Everything");
    await expect(page.getByText("Consumed 100 credits. New balance: 0.")).toBeVisible();
    await expectBalance(page, "0");
    await changeCredits(page, "Consume", "1");
    await expect(page.getByRole("alert")).toHaveText("Insufficient credits");

    // Inviting is for admins too: a viewer's Quick Actions offer the member list only.
    await expect(page.getByRole("button", { name: "View Members" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Invites" })).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

test("Quick Actions show the members and send a viewer invitation", async ({ owner, ownerPage: page }) => {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "View Members" }).click();
  await expect(page.getByRole("button", { name: "View Members" })).toHaveAttribute("aria-expanded", "true");
  const members = page.getByRole("list", { name: "Members", exact: true });
  await expect(members.getByRole("listitem")).toHaveCount(1);
  await expect(members).toContainText(owner.email);
  await expect(members).toContainText("owner");

  await page.getByRole("button", { name: "Send Invites" }).click();
  const form = page.getByRole("form", { name: "Send an invitation" });
  await form.getByLabel("Email address").fill("not-an-address");
  await form.getByRole("button", { name: "Send Invitation" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();

  const email = uniqueEmail("invitee");
  const since = new Date();
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Send Invitation" }).click();
  // No mail server in the end-to-end server: no mail was sent, and the link is offered to copy.
  await expect(form.getByText(INVITATION_MESSAGES.notMailed(email))).toBeVisible();
  const mail = await waitForMail({ to: email, since });
  expect(extractLink(mail, "/invite/")).toContain("/invite/");
  await expect(form.getByLabel(`Invitation link for ${email}`)).toHaveValue(extractLink(mail, "/invite/"));

  // The server's refusal is shown as 'Error: <message>'.
  await form.getByLabel("Email address").fill(owner.email);
  await form.getByRole("button", { name: "Send Invitation" }).click();
  await expect(form.getByText(`Error: ${owner.email} is already a member of this organization`)).toBeVisible();

  await page.getByRole("button", { name: "View Members" }).click();
  await expect(members).toBeHidden();
});

test("a member left without an organization creates one from the dashboard", async ({
  owner,
  request,
  browser,
  newRequest,
}) => {
  // Through the app only: the owner invites someone, who joins, and is then removed again.
  const member = await registerInvitedMember({ request, organizationId: owner.organizationId }, "editor", newRequest);
  const removed = await request.delete(`/api/orgs/${owner.organizationId}/members/${member.userId}`, {
    headers: ORIGIN,
  });
  expect(removed.status(), await removed.text()).toBe(204);

  const page = await openSignedInPage(browser, member.request);
  try {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: `Welcome back, ${member.email.split("@")[0]}!` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Organization Selected" })).toBeVisible();

    await page.getByLabel("Organization name").fill("   ");
    await page.getByRole("button", { name: "Create organization" }).click();
    await expect(page.getByText("Organization name is required and must be a non-empty string")).toBeVisible();

    await page.getByLabel("Organization name").fill("  Night Shift  ");
    await page.getByRole("button", { name: "Create organization" }).click();
    await expect(page.getByRole("heading", { name: "Night Shift" })).toBeVisible();
    await expectBalance(page, "100");
    await expect(recentTransactions(page)).toHaveCount(1);
    await expect(recentTransactions(page).first()).toContainText("Initial credits");
    // The creator is its owner, so they may add credits.
    await changeCredits(page, "Add", "5");
    await expectBalance(page, "105");
  } finally {
    await page.context().close();
  }
});

test("a double click on Consume records one transaction; an amount like 1.5 is refused, not truncated", async ({
  owner,
  request,
  ownerPage: page,
}) => {
  await page.goto("/dashboard");
  await expectBalance(page, "100");

  await page.getByLabel("Amount").fill("1.5");
  await page.getByRole("button", { name: "Consume", exact: true }).click();
  await expect(page.getByText("Amount must be a whole number")).toBeVisible();
  await expectBalance(page, "100");

  await page.getByLabel("Amount").fill("2");
  // Two clicks in one task, before React can render the busy button: the fastest double click,
  // as a slow phone delivers it.
  await page.getByRole("button", { name: "Consume", exact: true }).evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByText("Consumed 2 credits. New balance: 98.")).toBeVisible();
  await expectBalance(page, "98");

  const ledger = await request.get(`/api/orgs/${owner.organizationId}/credits/transactions?type=consumption`);
  expect(ledger.status()).toBe(200);
  const { items } = (await ledger.json()) as { items: Array<{ amount: number }> };
  expect(items.map((item) => item.amount)).toEqual([-2]);
});
