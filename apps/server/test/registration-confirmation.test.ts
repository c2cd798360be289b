import { MESSAGES } from "@flowdeck/shared";
import { REGISTRATION_CONFIRMATION_MESSAGES } from "@flowdeck/shared/auth/registration-confirmation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { pendingRegistrations } from "../src/db/schema/index.ts";
import { createUser } from "./helpers/factories.ts";
import { registrationBody, TEST_PASSWORD, uniqueDomain, uniqueEmail } from "./helpers/test-data.ts";
import { TestClient } from "./helpers/http-client.ts";
import { startSmtpInbox, type SmtpInbox } from "./helpers/smtp-inbox.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

// With SMTP configured, a new organization's registration waits for its address to be confirmed
// (REGISTRATION_CONFIRMS_EMAIL=auto), so it answers the same whether or not the address has an account.

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: `${inbox.url}?ignoreTLS=true`, REGISTRATION_CONFIRMS_EMAIL: "auto" } });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

function registration(overrides: { email?: string; domain?: string } = {}) {
  return registrationBody({
    email: overrides.email ?? uniqueEmail(),
    password: TEST_PASSWORD,
    organizationName: "Night Shift",
    domain: overrides.domain ?? uniqueDomain(),
  });
}

const mailTo = (email: string) => inbox.waitFor((mail) => mail.recipients.includes(email.toLowerCase()));
const tokenIn = (text: string) => decodeURIComponent(/\/register\/confirm\?token=(\S+)/.exec(text)![1]!);

describe("registration that confirms the address first", () => {
  it("answers a new address and an existing one alike; the mails differ", async () => {
    const owner = await createUser(t.app);
    const fresh = uniqueEmail();
    const answers = [];
    for (const email of [fresh, owner.email]) {
      const client = new TestClient(t.app);
      const response = await client.post("/api/account/register", registration({ email }));
      answers.push({ status: response.status, body: response.body, cookie: "set-cookie" in response.headers });
      expect((await client.get("/api/me")).status).toBe(401);
    }
    expect(answers).toEqual([
      { status: 202, body: { confirmationSentTo: fresh }, cookie: false },
      { status: 202, body: { confirmationSentTo: owner.email }, cookie: false },
    ]);

    const confirm = await mailTo(fresh);
    expect(confirm.subject).toBe("Finish creating your Flowdeck account");
    expect(confirm.text).toContain("/register/confirm?token=fdreg_");
    const existing = await mailTo(owner.email);
    expect(existing.subject).toBe("You already have a Flowdeck account");
    expect(existing.text).toContain("/forgot-password");
    expect(existing.text).not.toContain("token=");
  });

  it("creates the account and organization from the link, with the password, and signs in once", async () => {
    const email = uniqueEmail();
    await new TestClient(t.app).post("/api/account/register", registration({ email }));
    const token = tokenIn((await mailTo(email)).text);
    // The token is stored hashed only.
    const rows = await t.app.db.select().from(pendingRegistrations);
    expect(rows.some((row) => row.tokenHash === token || row.passwordHash === TEST_PASSWORD)).toBe(false);

    const client = new TestClient(t.app);
    const wrong = await client.post("/api/account/register/confirm", { token, password: "not-the-one-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.password).toBe(REGISTRATION_CONFIRMATION_MESSAGES.wrongPassword);

    const done = await client.post("/api/account/register/confirm", { token, password: TEST_PASSWORD });
    expect(done.status).toBe(201);
    const me = await client.get("/api/me");
    expect(me.body.user.email).toBe(email);
    expect(me.body.organizations).toEqual([
      expect.objectContaining({ id: done.body.organizationId, name: "Night Shift", role: "owner", credits: 100 }),
    ]);

    const again = await new TestClient(t.app).post("/api/account/register/confirm", { token, password: TEST_PASSWORD });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(REGISTRATION_CONFIRMATION_MESSAGES.linkInvalid);
  });

  it("refuses an unknown, expired or superseded link", async () => {
    const unknown = await new TestClient(t.app).post("/api/account/register/confirm", {
      token: "fdreg_nothing",
      password: TEST_PASSWORD,
    });
    expect(unknown.body.error.message).toBe(REGISTRATION_CONFIRMATION_MESSAGES.linkInvalid);

    const email = uniqueEmail();
    await new TestClient(t.app).post("/api/account/register", registration({ email }));
    const first = tokenIn((await mailTo(email)).text);
    const since = inbox.messages.length;
    await new TestClient(t.app).post("/api/account/register", registration({ email }));
    const second = tokenIn(
      (await inbox.waitFor((mail, i = inbox.messages.indexOf(mail)) => i >= since && mail.recipients.includes(email)))
        .text,
    );
    expect(second).not.toBe(first);
    const superseded = await new TestClient(t.app).post("/api/account/register/confirm", {
      token: first,
      password: TEST_PASSWORD,
    });
    expect(superseded.body.error.message).toBe(REGISTRATION_CONFIRMATION_MESSAGES.linkInvalid);

    await t.app.db.update(pendingRegistrations).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await new TestClient(t.app).post("/api/account/register/confirm", {
      token: second,
      password: TEST_PASSWORD,
    });
    expect(expired.body.error.message).toBe(REGISTRATION_CONFIRMATION_MESSAGES.linkInvalid);
  });

  it("keeps the spec's text for a domain that is taken, which is not a secret", async () => {
    const email = uniqueEmail();
    const domain = uniqueDomain();
    await new TestClient(t.app).post("/api/account/register", registration({ email, domain }));
    const token = tokenIn((await mailTo(email)).text);
    expect(
      (await new TestClient(t.app).post("/api/account/register/confirm", { token, password: TEST_PASSWORD })).status,
    ).toBe(201);
    const response = await new TestClient(t.app).post("/api/account/register", registration({ domain }));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(MESSAGES.domainTaken);
  });
});

describe("REGISTRATION_CONFIRMS_EMAIL", () => {
  it("is on by default exactly when mail can reach people (SMTP_URL), and can be forced either way", () => {
    // A secret given, so reading the configuration writes nothing to a data directory.
    const base = { BETTER_AUTH_SECRET: "s".repeat(32) };
    const smtp = { ...base, SMTP_URL: "smtp://mail.example:587" };
    expect(loadConfig(base).registrationConfirmsEmail).toBe(false);
    expect(loadConfig(smtp).registrationConfirmsEmail).toBe(true);
    expect(loadConfig({ ...smtp, REGISTRATION_CONFIRMS_EMAIL: "off" }).registrationConfirmsEmail).toBe(false);
    expect(loadConfig({ ...base, REGISTRATION_CONFIRMS_EMAIL: "on" }).registrationConfirmsEmail).toBe(true);
    expect(() => loadConfig({ ...base, REGISTRATION_CONFIRMS_EMAIL: "yes" })).toThrow(/REGISTRATION_CONFIRMS_EMAIL/);
  });
});
