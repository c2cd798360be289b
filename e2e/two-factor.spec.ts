import type { Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { E2E_PASSWORD, shareSession, submitSignInForm } from "./support/accounts.ts";
import { E2E_BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { registerInvitedMember } from "./support/invitations.ts";

/** Turns two-factor on in /profile, the way a person does; returns the set-up key. */
async function turnOnTwoFactor(page: Page, password: string): Promise<string> {
  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(section.getByText("Off", { exact: true })).toBeVisible();
  await section.getByLabel("Current password").fill(password);
  await section.getByRole("button", { name: "Turn on two-factor" }).click();

  await expect(section.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const setupKey = (await section.getByLabel("Setup key").textContent()) ?? "";
  await section.getByLabel("Code from your app").fill("123");
  await section.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(section.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await section.getByLabel("Code from your app").fill(codeFor(setupKey));
  await section.getByRole("button", { name: "Confirm and turn on" }).click();

  const backupCodes = section.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(backupCodes).toHaveCount(10);
  await section.getByRole("button", { name: "I have saved my backup codes" }).click();
  await expect(section.getByText("On", { exact: true })).toBeVisible();
  return setupKey;
}

/** What an authenticator app shows for the key typed in by hand (RFC 6238, an independent implementation). */
function codeFor(setupKey: string): string {
  return new TOTP({ secret: setupKey.replace(/\s+/g, ""), digits: 6, period: 30 }).generate();
}

test("a member turns on two-factor sign-in in /profile and then signs in with a code", async ({
  owner,
  ownerPage: page,
  browser,
}) => {
  await page.goto("/profile");
  const setupKey = await turnOnTwoFactor(page, owner.password);

  // A fresh browser: the password alone is not enough any more.
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const signIn = await context.newPage();
  await signIn.goto("/login");
  await submitSignInForm(signIn, owner);
  await expect(signIn.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await signIn.getByLabel("Authentication code").fill(codeFor(setupKey) === "000000" ? "111111" : "000000");
  await signIn.getByRole("button", { name: "Verify" }).click();
  await expect(signIn.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
  await signIn.getByLabel("Authentication code").fill(codeFor(setupKey));
  await signIn.getByRole("button", { name: "Verify" }).click();
  await expect(signIn).not.toHaveURL(/\/login/);
  await signIn.goto("/profile");
  await expect(signIn.getByRole("heading", { name: "Profile" })).toBeVisible();
  await context.close();
});

test("an owner requires two-factor of every member, and a member without it is sent to set it up first", async ({
  owner,
  ownerPage: page,
  request,
  newRequest,
  browser,
}) => {
  const member = await registerInvitedMember({ request, organizationId: owner.organizationId }, "editor", newRequest);

  // The switch waits for the owner's own two-factor sign-in.
  await page.goto("/admin/settings");
  const card = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(card.getByRole("switch", { name: "Require two-factor for every member" })).toBeDisabled();
  await card.getByRole("link", { name: "profile" }).click();
  await turnOnTwoFactor(page, owner.password);
  await page.goto("/admin/settings");
  await card.getByRole("switch", { name: "Require two-factor for every member" }).check();
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByRole("status")).toHaveText("Saved: two-factor sign-in is required of every member.");

  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  await shareSession(member.request, context);
  const memberPage = await context.newPage();
  await memberPage.goto("/tasks");
  await expect(memberPage).toHaveURL(/\/profile$/);
  await expect(memberPage.getByText("Two-factor sign-in is required")).toBeVisible();
  await memberPage.goto("/dashboard");
  await expect(memberPage).toHaveURL(/\/profile$/);
  await turnOnTwoFactor(memberPage, E2E_PASSWORD);
  await expect(memberPage.getByText("Two-factor sign-in is required")).toBeHidden();
  await memberPage.goto("/tasks");
  await expect(memberPage).toHaveURL(/\/tasks$/);
  await context.close();
});
