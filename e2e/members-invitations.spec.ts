import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import type { Page } from "@playwright/test";
import { E2E_PASSWORD, registerOrganizationOwner, shareSession, uniqueEmail } from "./support/accounts.ts";
import { E2E_BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { invitationLink, registerWithInvitation, sendInvitation } from "./support/invitations.ts";

// Issue 3: an owner invites, the invitee follows the mailed link, registers and joins; the owner
// sees them arrive without reloading, changes their role and removes them; an admin is refused
// what the member-table rules refuse.

const ORIGIN = { origin: E2E_BASE_URL };

function memberRow(page: Page, email: string) {
  return page.getByRole("row").filter({ hasText: email });
}

/**
 * Resolves once the page's live-update stream for the organization is open. The server writes the
 * stream's first bytes only after subscribing, so from then on no change is missed.
 */
function liveStreamOpened(page: Page, organizationId: string) {
  return page.waitForResponse((response) => response.url().endsWith(`/api/orgs/${organizationId}/events`));
}

/** The Role column's badge (the row's role dropdown lists role names too). */
function roleBadge(page: Page, email: string) {
  return memberRow(page, email).getByRole("cell").nth(2);
}

test("an invitee registers from the mailed link and joins; the owner sees it live, changes the role and removes them", async ({
  owner,
  ownerPage: page,
  browser,
}) => {
  // Two browsers, a registration and five live round trips: more than the default 30 s on a busy machine.
  test.slow();
  const inviteeEmail = uniqueEmail("invitee");
  const inviteeName = inviteeEmail.split("@")[0]!;

  // The owner sends the invitation from /admin/invitations.
  const ownerStream = liveStreamOpened(page, owner.organizationId);
  await page.goto("/admin/invitations");
  await ownerStream;
  const send = page.getByRole("button", { name: "Send invitation" });
  await expect(send).toBeDisabled();
  await page.getByLabel("Email address").fill("not-an-address");
  await expect(send).toBeDisabled();
  await page.getByLabel("Email address").fill(inviteeEmail);
  await page.getByLabel("Role").selectOption("editor");
  await page.getByLabel(/Custom message/).fill("Welcome to the night shift!");
  const since = new Date();
  await send.click();
  // The end-to-end server has no mail server: the page says so and offers the link the outbox holds.
  await expect(page.getByText(INVITATION_MESSAGES.notMailed(inviteeEmail))).toBeVisible();
  await expect(page.getByText(/sent successfully/)).toHaveCount(0);
  await expect(memberRow(page, inviteeEmail).getByText("Pending")).toBeVisible();
  const offered = await page.getByLabel(`Invitation link for ${inviteeEmail}`).inputValue();

  // The owner watches the member list; the invitee is not in it yet.
  await page.getByRole("link", { name: "Members" }).click();
  await expect(memberRow(page, owner.email)).toBeVisible();
  await expect(memberRow(page, inviteeEmail)).toHaveCount(0);

  // A second browser opens the link from the mail, registers and lands in the organization.
  const link = await invitationLink(inviteeEmail, since);
  expect(offered).toBe(link);
  const inviteeContext = await browser.newContext();
  try {
    const invitee = await inviteeContext.newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { name: "You've been invited!" })).toBeVisible();
    const details = invitee.getByRole("region", { name: "Invitation Details" });
    await expect(details).toContainText(owner.organizationName);
    await expect(details).toContainText("editor");
    await expect(details).toContainText(inviteeEmail);
    await expect(invitee.getByText("Please log in to accept this invitation.")).toBeVisible();
    await expect(invitee.getByRole("link", { name: "Log In" })).toHaveAttribute(
      "href",
      `/login?${new URLSearchParams({ redirect: new URL(link).pathname, email: inviteeEmail })}`,
    );

    await invitee.getByRole("link", { name: "Create an account with this invitation" }).click();
    const inviteeStream = liveStreamOpened(invitee, owner.organizationId);
    await expect(invitee.getByLabel("Email")).toHaveValue(inviteeEmail);
    await invitee.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await invitee.getByLabel("Confirm password").fill(E2E_PASSWORD);
    await invitee.getByRole("button", { name: "Create account" }).click();
    await expect(invitee).toHaveURL((url) => url.pathname === "/dashboard");
    // Editors reach Tasks.
    const inviteeNav = invitee.getByRole("navigation", { name: "Main" });
    await expect(inviteeNav.getByRole("link", { name: "Tasks" })).toBeVisible();

    // The owner's list shows the new member without a reload.
    const row = memberRow(page, inviteeEmail);
    await expect(row).toBeVisible();
    await expect(roleBadge(page, inviteeEmail)).toHaveText("editor");

    // The owner makes them a viewer: the invitee's navigation follows without a reload.
    await inviteeStream;
    // A role picked in the list waits for confirmation: cancelling keeps the old one.
    const roleSelect = row.getByLabel(`Role of ${inviteeName}`);
    await roleSelect.focus();
    await roleSelect.selectOption("viewer");
    const confirmRole = page.getByRole("dialog", { name: "Change role" });
    await expect(confirmRole).toContainText(
      `Make ${inviteeName} (${inviteeEmail}) a viewer of ${owner.organizationName}?`,
    );
    await confirmRole.getByRole("button", { name: "Cancel" }).click();
    await expect(roleSelect).toHaveValue("editor");
    await expect(roleSelect).toBeFocused();
    await roleSelect.selectOption("viewer");
    await confirmRole.getByRole("button", { name: "Change role" }).click();
    await expect(page.getByText(`${inviteeName} is now a viewer.`)).toBeVisible();
    await expect(roleBadge(page, inviteeEmail)).toHaveText("viewer");
    await expect(inviteeNav.getByRole("link", { name: "Tasks" })).toHaveCount(0);
    await expect(inviteeNav.getByRole("listitem").filter({ hasText: "Tasks" })).toContainText(
      "Requires editor role or higher",
    );

    // The owner removes them, after confirming.
    await row.getByRole("button", { name: `Remove ${inviteeName}` }).click();
    const confirm = page.getByRole("dialog", { name: "Remove member" });
    await expect(confirm).toContainText(inviteeEmail);
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText(`${inviteeName} was removed from ${owner.organizationName}.`)).toBeVisible();
    await expect(memberRow(page, inviteeEmail)).toHaveCount(0);
    // The removed member's screen loses the organization without a reload.
    await expect(invitee.getByText("Please select an organization to view navigation")).toBeVisible();
    // ...and tells them why.
    await expect(invitee.getByText(`You are no longer a member of ${owner.organizationName}`)).toBeVisible();
  } finally {
    await inviteeContext.close();
  }
});

test("a signed-in invitee accepts with the button; another declines", async ({
  owner,
  request,
  browser,
  newRequest,
}) => {
  const accepter = await newRequest();
  const accepterAccount = await registerOrganizationOwner(accepter, { organizationName: "Accepter's Own" });
  const decliner = await newRequest();
  const declinerAccount = await registerOrganizationOwner(decliner, { organizationName: "Decliner's Own" });
  const since = new Date();
  await sendInvitation(request, owner.organizationId, accepterAccount.email, "admin");
  await sendInvitation(request, owner.organizationId, declinerAccount.email, "viewer");

  const acceptContext = await browser.newContext();
  const declineContext = await browser.newContext();
  try {
    await shareSession(accepter, acceptContext);
    const page = await acceptContext.newPage();
    await page.goto(await invitationLink(accepterAccount.email, since));
    await expect(page.getByRole("heading", { name: "You've been invited!" })).toBeVisible();
    await page.getByRole("button", { name: "Accept Invitation" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
    await expect(page.getByText(`Welcome to ${owner.organizationName}! You've been added as an admin.`)).toBeVisible();
    // The inviting organization is now the current one, with the invited role.
    await expect(page.getByText("Your role:").getByText("admin")).toBeVisible();

    await shareSession(decliner, declineContext);
    const declinePage = await declineContext.newPage();
    const declineLink = await invitationLink(declinerAccount.email, since);
    await declinePage.goto(declineLink);
    await declinePage.getByRole("button", { name: "Decline" }).click();
    await expect(declinePage).toHaveURL((url) => url.pathname === "/");
    await expect(declinePage.getByText("Invitation declined.")).toBeVisible();
    // The link is used up.
    await declinePage.goto(declineLink);
    await expect(declinePage.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
    await expect(declinePage.getByText("Invalid invitation code")).toBeVisible();
    await expect(declinePage.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");

    const members = await request.get(`/api/orgs/${owner.organizationId}/members`);
    const emails = ((await members.json()) as { items: { email: string }[] }).items.map((item) => item.email);
    expect(emails).toContain(accepterAccount.email);
    expect(emails).not.toContain(declinerAccount.email);
  } finally {
    await acceptContext.close();
    await declineContext.close();
  }
});

test("an admin is offered, and allowed, only what the member-table rules allow", async ({
  owner,
  request,
  browser,
  newRequest,
}) => {
  const adminEmail = uniqueEmail("admin");
  const otherAdminEmail = uniqueEmail("admin2");
  const editorEmail = uniqueEmail("editor");
  const since = new Date();
  for (const [email, role] of [
    [adminEmail, "admin"],
    [otherAdminEmail, "admin"],
    [editorEmail, "editor"],
  ] as const) {
    await sendInvitation(request, owner.organizationId, email, role);
  }
  const admin = await newRequest();
  await registerWithInvitation(admin, adminEmail, await invitationLink(adminEmail, since));
  await registerWithInvitation(await newRequest(), otherAdminEmail, await invitationLink(otherAdminEmail, since));
  const editor = await newRequest();
  await registerWithInvitation(editor, editorEmail, await invitationLink(editorEmail, since));

  const context = await browser.newContext();
  try {
    await shareSession(admin, context);
    const page = await context.newPage();
    await page.goto("/admin/members");

    // Owners and other admins: nothing to change or remove.
    for (const email of [owner.email, otherAdminEmail]) {
      const row = memberRow(page, email);
      await expect(row.getByText("Not editable")).toBeVisible();
      await expect(row.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
      await expect(row.getByRole("combobox")).toHaveCount(0);
    }
    await expect(memberRow(page, adminEmail).getByText("This is you")).toBeVisible();
    // An editor may only become a viewer or stay an editor.
    const editorRow = memberRow(page, editorEmail);
    const options = await editorRow.getByRole("combobox").locator("option").allTextContents();
    expect(options).toEqual(["viewer", "editor"]);

    // The server refuses the same things with the specification's texts.
    const members = (await (await admin.get(`/api/orgs/${owner.organizationId}/members`)).json()) as {
      items: { userId: string; email: string }[];
    };
    const idOf = (email: string) => members.items.find((item) => item.email === email)!.userId;
    const refusals = [
      [
        admin.patch(`/api/orgs/${owner.organizationId}/members/${idOf(owner.email)}`, {
          headers: ORIGIN,
          data: { role: "viewer" },
        }),
        "You do not have permission to manage members",
      ],
      [
        admin.patch(`/api/orgs/${owner.organizationId}/members/${idOf(editorEmail)}`, {
          headers: ORIGIN,
          data: { role: "admin" },
        }),
        "You do not have permission to assign this role",
      ],
      [
        admin.delete(`/api/orgs/${owner.organizationId}/members/${idOf(otherAdminEmail)}`, { headers: ORIGIN }),
        "You do not have permission to remove this member",
      ],
      [
        admin.delete(`/api/orgs/${owner.organizationId}/members/${idOf(adminEmail)}`, { headers: ORIGIN }),
        "You cannot remove yourself from the organization",
      ],
      [
        editor.post(`/api/orgs/${owner.organizationId}/invitations`, {
          headers: ORIGIN,
          data: { email: uniqueEmail() },
        }),
        "You do not have permission to invite users",
      ],
    ] as const;
    for (const [call, message] of refusals) {
      const response = await call;
      expect(response.status()).toBe(403);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    }

    // What the rules allow works from the page: the editor becomes a viewer.
    await editorRow.getByRole("combobox").selectOption("viewer");
    await page.getByRole("dialog", { name: "Change role" }).getByRole("button", { name: "Change role" }).click();
    await expect(roleBadge(page, editorEmail)).toHaveText("viewer");
  } finally {
    await context.close();
  }
});
