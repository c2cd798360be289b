import { TOTP } from "otpauth";
import { E2E_BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";

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
  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(section.getByText("Off", { exact: true })).toBeVisible();
  await section.getByLabel("Current password").fill(owner.password);
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

  // A fresh browser: the password alone is not enough any more.
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const signIn = await context.newPage();
  await signIn.goto("/login");
  await signIn.getByLabel("Email").fill(owner.email);
  await signIn.getByLabel("Password").fill(owner.password);
  await signIn.getByRole("button", { name: "Sign in" }).click();
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
