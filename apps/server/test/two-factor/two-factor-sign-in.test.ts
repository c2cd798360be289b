import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, TEST_PASSWORD, type TestUser } from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { totpCode } from "../helpers/totp.ts";
import { enableTwoFactor } from "../helpers/two-factor.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The first step of signing in: the password alone only asks for the second factor. */
async function signInWithPassword(email: string, password = TEST_PASSWORD) {
  const client = new TestClient(t.app);
  const response = await client.post("/api/auth/sign-in/email", { email, password });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ twoFactorRedirect: true });
  expect((await client.get("/api/me")).status).toBe(401);
  return client;
}

async function expectPasswordAloneSignsIn(user: TestUser) {
  const client = new TestClient(t.app);
  const signIn = await client.post("/api/auth/sign-in/email", { email: user.email, password: user.password });
  expect(signIn.body).not.toMatchObject({ twoFactorRedirect: true });
  expect((await client.get("/api/me")).status).toBe(200);
}

describe("two-factor sign-in (TOTP)", () => {
  it("is off until a code confirms the set-up", async () => {
    const user = await createUser(t.app);
    const started = await user.client.post("/api/auth/two-factor/enable", { password: user.password });
    expect(started.status).toBe(200);
    // Not confirmed: signing in still needs the password only.
    await expectPasswordAloneSignsIn(user);
  });

  it("refuses to start without the right password", async () => {
    const user = await createUser(t.app);
    const response = await user.client.post("/api/auth/two-factor/enable", { password: "wrong-password-1" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.error).toEqual({ code: expect.any(String), message: expect.any(String) });
  });

  it("signs in with the password and then a TOTP code; a wrong code is refused", async () => {
    const user = await createUser(t.app);
    const { totpURI } = await enableTwoFactor(user);
    const client = await signInWithPassword(user.email);

    const wrong = await client.post("/api/auth/two-factor/verify-totp", {
      code: "000000" === totpCode(totpURI) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(401);
    expect((await client.get("/api/me")).status).toBe(401);

    const right = await client.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) });
    expect(right.status).toBe(200);
    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
  });

  it("takes each backup code once instead of a TOTP code", async () => {
    const user = await createUser(t.app);
    const { backupCodes } = await enableTwoFactor(user);
    const code = backupCodes[0]!;

    const first = await signInWithPassword(user.email);
    expect((await first.post("/api/auth/two-factor/verify-backup-code", { code })).status).toBe(200);
    expect((await first.get("/api/me")).status).toBe(200);

    const second = await signInWithPassword(user.email);
    const reused = await second.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(reused.status).toBe(401);
    expect((await second.get("/api/me")).status).toBe(401);
    expect((await second.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[1] })).status).toBe(200);
  });

  it("turns off only with the password, and then the password alone signs in", async () => {
    const user = await createUser(t.app);
    await enableTwoFactor(user);

    const refused = await user.client.post("/api/auth/two-factor/disable", { password: "wrong-password-1" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    await signInWithPassword(user.email);

    const disabled = await user.client.post("/api/auth/two-factor/disable", { password: user.password });
    expect(disabled.status).toBe(200);
    await expectPasswordAloneSignsIn(user);
  });
});
