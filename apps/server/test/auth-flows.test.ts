import { MESSAGES } from "@flowdeck/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rateLimit, user, verification } from "../src/db/schema/index.ts";
import type { Mail } from "../src/lib/mailer.ts";
import { TEST_PASSWORD, createUser, registerOwner, signIn, uniqueEmail } from "./helpers/factories.ts";
import { TestClient } from "./helpers/http-client.ts";
import { startSmtpInbox, type SmtpInbox } from "./helpers/smtp-inbox.ts";
import { waitUntil } from "./helpers/sse-client.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const NEW_PASSWORD = "battery-staple-7";

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  // The test server's STARTTLS certificate is self-signed; nodemailer takes the option from the URL.
  t = await createTestApp({ env: { SMTP_URL: `${inbox.url}?ignoreTLS=true` } });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});
// Rate limits live in the database and every injected request comes from one address: each test
// starts with fresh counters.
beforeEach(async () => {
  await t.app.db.delete(rateLimit);
});

function signInRequest(client: TestClient, email: string, password: string, headers: Record<string, string> = {}) {
  return client.request<any>({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password }, headers });
}

function requestReset(email: string, app = t.app) {
  return new TestClient(app).post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
}

/** Asks for a reset link and follows it from the mail the SMTP server received. */
async function resetTokenFor(email: string): Promise<string> {
  const before = inbox.messages.length;
  expect((await requestReset(email)).status).toBe(200);
  const mail = await inbox.waitFor(
    (received) => inbox.messages.indexOf(received) >= before && received.recipients.includes(email),
  );
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? "";
  expect(link.startsWith(`${t.config.appUrl}/reset-password?token=`)).toBe(true);
  return new URL(link).searchParams.get("token") ?? "";
}

function resetPassword(token: string, newPassword = NEW_PASSWORD) {
  return new TestClient(t.app).post("/api/auth/reset-password", { newPassword, token });
}

describe("sign-in and sign-out", () => {
  it("signs in with the right password: the session reaches /api/me", async () => {
    const { email } = await createUser(t.app);
    const client = new TestClient(t.app);
    expect((await client.get("/api/me")).status).toBe(401);

    const response = await signInRequest(client, email, TEST_PASSWORD);
    expect(response.status).toBe(200);
    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
  });

  it("refuses a wrong password with a clear message and opens no session", async () => {
    const { email } = await createUser(t.app);
    const client = new TestClient(t.app);
    const response = await signInRequest(client, email, "not-the-password");
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { code: "unauthenticated", message: MESSAGES.invalidCredentials } });
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("answers an unknown address exactly like a wrong password", async () => {
    const { email } = await createUser(t.app);
    const wrongPassword = await signInRequest(new TestClient(t.app), email, "not-the-password");
    const unknown = await signInRequest(new TestClient(t.app), uniqueEmail("nobody"), "not-the-password");
    expect(unknown.status).toBe(wrongPassword.status);
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it("answers a malformed email with 400 and the specification's message as JSON, not a 500", async () => {
    const response = await signInRequest(new TestClient(t.app), "not-an-address", TEST_PASSWORD);
    expect(response.status).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.body).toEqual({ error: { code: "invalid-argument", message: MESSAGES.emailInvalid } });
  });

  it("answers a sign-in without a password with 400 and a readable message, not better-auth's internals", async () => {
    const response = await new TestClient(t.app).post("/api/auth/sign-in/email", { email: uniqueEmail() });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: "invalid-argument", message: MESSAGES.invalidRequest } });
  });

  it("signs out: the session ends on the server, not only in the browser", async () => {
    const { client } = await createUser(t.app);
    const cookie = client.cookieHeader;
    expect((await client.get("/api/me")).status).toBe(200);

    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(401);
    // The old cookie, replayed, opens nothing either.
    const replay = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });
});

describe("accounts are made only by /api/account/register", () => {
  it("refuses better-auth's own sign-up and creates no account", async () => {
    const email = uniqueEmail();
    const client = new TestClient(t.app);
    const response = await client.post("/api/auth/sign-up/email", { email, password: TEST_PASSWORD, name: "Mallory" });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("not-found");
    expect(await t.app.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("still registers through /api/account/register, signed in", async () => {
    const owner = await registerOwner(t.app);
    const me = await owner.client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(owner.email);
  });
});

describe("forgot password", () => {
  it("answers the same for a known and an unknown address, and mails only the known one", async () => {
    const { email } = await createUser(t.app);
    const stranger = uniqueEmail("nobody");
    const before = inbox.messages.length;

    const forUnknown = await requestReset(stranger);
    const forKnown = await requestReset(email);
    expect(forUnknown.status).toBe(200);
    expect(forKnown.status).toBe(forUnknown.status);
    expect(forKnown.body).toEqual(forUnknown.body);

    // The unknown address was asked for first, so its mail (if any) would have left first.
    const mail = await inbox.waitFor((received) => received.recipients.includes(email));
    expect(mail.subject).toBe("Reset your Flowdeck password");
    const received = inbox.messages.slice(before);
    expect(received.flatMap((message) => message.recipients)).toEqual([email]);
    const escapedAppUrl = t.config.appUrl.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    expect(mail.text).toMatch(new RegExp(`(^|\\s)${escapedAppUrl}/reset-password\\?token=[A-Za-z0-9_-]+(\\s|$)`));
  });

  it("answers before the mail has gone out, so the time taken does not reveal an account", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: Mail[] = [];
    const slowMail = await createTestApp({
      database: t.database,
      mailer: {
        send: async (mail) => {
          sent.push(mail);
          await held;
        },
      },
    });
    try {
      const { email } = await createUser(slowMail.app);
      const answer = await Promise.race([
        requestReset(email, slowMail.app),
        new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), 2_000)),
      ]);
      expect(answer === "still waiting" ? answer : answer.status).toBe(200);
      // The mail goes out after the answer (earlier links are ended first), while it still hangs.
      await waitUntil(async () => sent.length > 0, 5_000, "the reset mail to reach the mailer");
      expect(sent.map((mail) => mail.to)).toEqual([email]);
    } finally {
      release();
      await slowMail.close();
    }
  });

  it("resets with the mailed link, ends every session, and swaps the passwords", async () => {
    const account = await createUser(t.app);
    const otherDevice = new TestClient(t.app);
    await signIn(otherDevice, account.email, TEST_PASSWORD);
    expect((await otherDevice.get("/api/me")).status).toBe(200);

    const token = await resetTokenFor(account.email);
    const response = await resetPassword(token);
    expect(response.status).toBe(200);

    expect((await otherDevice.get("/api/me")).status).toBe(401);
    expect((await account.client.get("/api/me")).status).toBe(401);
    expect((await signInRequest(new TestClient(t.app), account.email, TEST_PASSWORD)).status).toBe(401);
    const fresh = new TestClient(t.app);
    expect((await signInRequest(fresh, account.email, NEW_PASSWORD)).status).toBe(200);
    expect((await fresh.get("/api/me")).status).toBe(200);
  });

  it("ends the earlier links when a new one is sent", async () => {
    const { email } = await createUser(t.app);
    const first = await resetTokenFor(email);
    const second = await resetTokenFor(email);
    const stale = await resetPassword(first);
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toBe(MESSAGES.resetLinkInvalid);
    expect((await signInRequest(new TestClient(t.app), email, TEST_PASSWORD)).status).toBe(200);
    expect((await resetPassword(second)).status).toBe(200);
  });

  it("accepts a link once", async () => {
    const { email } = await createUser(t.app);
    const token = await resetTokenFor(email);
    expect((await resetPassword(token)).status).toBe(200);

    const second = await resetPassword(token, "another-password-9");
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ error: { code: "invalid-argument", message: MESSAGES.resetLinkInvalid } });
    expect((await signInRequest(new TestClient(t.app), email, NEW_PASSWORD)).status).toBe(200);
  });

  it("makes links that expire after one hour", async () => {
    const { email } = await createUser(t.app);
    const token = await resetTokenFor(email);
    const identifier = `reset-password:${token}`;
    const [row] = await t.app.db.select().from(verification).where(eq(verification.identifier, identifier));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);

    // An hour later:
    await t.app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, identifier));
    const response = await resetPassword(token);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(MESSAGES.resetLinkInvalid);
    expect((await signInRequest(new TestClient(t.app), email, TEST_PASSWORD)).status).toBe(200);
  });

  it("refuses a new password shorter than 6 characters and keeps the link usable", async () => {
    const { email } = await createUser(t.app);
    const token = await resetTokenFor(email);

    const tooShort = await resetPassword(token, "12345");
    expect(tooShort.status).toBe(400);
    expect(tooShort.body).toEqual({ error: { code: "invalid-argument", message: MESSAGES.passwordTooShortRegister } });
    expect((await signInRequest(new TestClient(t.app), email, "12345")).status).toBe(401);

    expect((await resetPassword(token, "123456")).status).toBe(200);
    expect((await signInRequest(new TestClient(t.app), email, "123456")).status).toBe(200);
  });
});

describe("Google and GitHub", () => {
  it.each([
    ["google", "Google"],
    ["github", "GitHub"],
  ])("refuses %s sign-in without client ids, with the specification's message", async (provider, name) => {
    const response = await new TestClient(t.app).post("/api/auth/sign-in/social", { provider });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: "not-found", message: MESSAGES.oauthLogin(name) } });
  });

  it("tells anyone, signed in or not, that neither is configured", async () => {
    const response = await new TestClient(t.app).get("/api/account/providers");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ google: false, github: false });
  });

  describe("with Google's client id and secret", () => {
    let withGoogle: TestApp;
    beforeAll(async () => {
      withGoogle = await createTestApp({
        database: t.database,
        env: { GOOGLE_CLIENT_ID: "flowdeck-test.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "test-secret" },
      });
    });
    afterAll(() => withGoogle.close());

    it("says Google is configured", async () => {
      const response = await new TestClient(withGoogle.app).get("/api/account/providers");
      expect(response.body).toEqual({ google: true, github: false });
    });

    it("sends the browser to Google, for existing accounts only", async () => {
      const response = await new TestClient(withGoogle.app).post("/api/auth/sign-in/social", {
        provider: "google",
        callbackURL: "/dashboard",
      });
      expect(response.status).toBe(200);
      expect(new URL(response.body.url).host).toBe("accounts.google.com");
      expect(withGoogle.app.auth.options.socialProviders?.google?.disableSignUp).toBe(true);
    });
  });

  describe("with GitHub's client id and secret", () => {
    let withGitHub: TestApp;
    beforeAll(async () => {
      withGitHub = await createTestApp({
        database: t.database,
        env: { GITHUB_CLIENT_ID: "Iv1.flowdeck-test", GITHUB_CLIENT_SECRET: "github-test-secret" },
      });
    });
    afterAll(() => withGitHub.close());

    it("says GitHub is configured", async () => {
      const response = await new TestClient(withGitHub.app).get("/api/account/providers");
      expect(response.body).toEqual({ google: false, github: true });
    });

    it("answers GitHub's authorization URL with our client id and the callback the operator registers", async () => {
      const response = await new TestClient(withGitHub.app).post("/api/auth/sign-in/social", {
        provider: "github",
        callbackURL: "/dashboard",
      });
      expect(response.status).toBe(200);
      const url = new URL(response.body.url);
      expect(`${url.origin}${url.pathname}`).toBe("https://github.com/login/oauth/authorize");
      expect(url.searchParams.get("client_id")).toBe("Iv1.flowdeck-test");
      expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/github");
      expect(url.searchParams.get("state")).toMatch(/\S{16,}/);
      expect(JSON.stringify(response.body)).not.toContain("github-test-secret");
    });

    it("links a first GitHub sign-in to the account of the same address only when GitHub verified it", () => {
      expect(withGitHub.app.auth.options.account?.accountLinking).toEqual({
        enabled: true,
        trustedProviders: [],
        requireLocalEmailVerified: false,
      });
    });
  });
});

describe("login rate limit (LOGIN_RATE_LIMIT=3)", () => {
  let direct: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    direct = await createTestApp({ database: t.database, env: { LOGIN_RATE_LIMIT: "3" } });
    behindProxy = await createTestApp({ database: t.database, env: { LOGIN_RATE_LIMIT: "3", TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await direct.close();
    await behindProxy.close();
  });

  it("answers the 4th failed sign-in within the window with 429 and a readable message", async () => {
    const { email } = await createUser(t.app);
    await t.app.db.delete(rateLimit);
    const client = new TestClient(direct.app);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await signInRequest(client, email, "wrong-password")).status).toBe(401);
    }
    const limited = await signInRequest(client, email, "wrong-password");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: { code: "resource-exhausted", message: MESSAGES.tooManyAttempts } });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Even the right password waits until the window has passed.
    expect((await signInRequest(client, email, TEST_PASSWORD)).status).toBe(429);
  });

  it("does not let a forged X-Forwarded-For escape the limit when TRUST_PROXY is off", async () => {
    const { email } = await createUser(t.app);
    await t.app.db.delete(rateLimit);
    const client = new TestClient(direct.app);
    const statuses = [];
    for (const forged of ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"]) {
      statuses.push((await signInRequest(client, email, "wrong-password", { "x-forwarded-for": forged })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("counts each client address behind the proxy separately when TRUST_PROXY is on", async () => {
    const { email } = await createUser(t.app);
    await t.app.db.delete(rateLimit);
    const client = new TestClient(behindProxy.app);
    const from = (address: string) => ({ "x-forwarded-for": address });
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await signInRequest(client, email, "wrong-password", from("203.0.113.7"))).status).toBe(401);
    }
    expect((await signInRequest(client, email, "wrong-password", from("203.0.113.7"))).status).toBe(429);
    expect((await signInRequest(client, email, "wrong-password", from("203.0.113.8"))).status).toBe(401);
    expect((await signInRequest(client, email, TEST_PASSWORD, from("203.0.113.8"))).status).toBe(200);
  });
});
