import { expect } from "vitest";
import type { TestUser } from "./factories.ts";
import { totpCode } from "./totp.ts";

/** Turns two-factor on the way /profile does: password, then a code from the authenticator. */
export async function enableTwoFactor(user: Pick<TestUser, "client" | "password">) {
  const started = await user.client.post("/api/auth/two-factor/enable", { password: user.password });
  expect(started.status).toBe(200);
  const { totpURI, backupCodes } = started.body as { totpURI: string; backupCodes: string[] };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Flowdeck:/);
  expect(backupCodes).toHaveLength(10);
  const confirmed = await user.client.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) });
  expect(confirmed.status).toBe(200);
  return { totpURI, backupCodes };
}
