import { MESSAGES } from "@flowdeck/shared";
import { REGISTRATION_CONFIRMATION_MESSAGES } from "@flowdeck/shared/auth/registration-confirmation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { pendingRegistrations } from "../src/db/schema/index.ts";
import { createUser } from "./helpers/factories.ts";
import { registrationBody, TEST_PASSWORD, uniqueDomain, uniqueEmail } from "./helpers/test-data.ts";
import { TestClient } from "./helpers/http-client.ts";
import { confirmationTokenIn, outboxMail } from "./helpers/outbox.ts";
import { startSmtpInbox, type SmtpInbox } from "./helpers/smtp-inbox.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

// A new organization's registration waits for its address to be confirmed, so it answers the same
// whether or not the address has an account (decisions 041, 045). Here through SMTP, always
// (REGISTRATION_CONFIRMS_EMAIL=on); the default, without SMTP, is at the end of the file.

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: `${inbox.url}?ignoreTLS=true`, REGISTRATION_CONFIRMS_EMAIL: "on" } });
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
    const token = confirmationTokenIn((await mailTo(email)).text);
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
    const first = confirmationTokenIn((await mailTo(email)).text);
    const since = inbox.messages.length;
    await new TestClient(t.app).post("/api/account/register", registration({ email }));
    const second = confirmationTokenIn(
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
    const token = confirmationTokenIn((await mailTo(email)).text);
    expect(
      (await new TestClient(t.app).post("/api/account/register/confirm", { token, password: TEST_PASSWORD })).status,
    ).toBe(201);
    const response = await new TestClient(t.app).post("/api/account/register", registration({ domain }));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(MESSAGES.domainTaken);
  });
});

describe("REGISTRATION_CONFIRMS_EMAIL", () => {
  it("is auto by default, with or without SMTP, and can be set on or off", () => {
    // A secret given, so reading the configuration writes nothing to a data directory.
    const base = { BETTER_AUTH_SECRET: "s".repeat(32) };
    const smtp = { ...base, SMTP_URL: "smtp://mail.example:587" };
    expect(loadConfig(base).registrationConfirmsEmail).toBe("auto");
    expect(loadConfig(smtp).registrationConfirmsEmail).toBe("auto");
    expect(loadConfig({ ...smtp, REGISTRATION_CONFIRMS_EMAIL: "off" }).registrationConfirmsEmail).toBe("off");
    expect(loadConfig({ ...base, REGISTRATION_CONFIRMS_EMAIL: "on" }).registrationConfirmsEmail).toBe("on");
    expect(() => loadConfig({ ...base, REGISTRATION_CONFIRMS_EMAIL: "yes" })).toThrow(/REGISTRATION_CONFIRMS_EMAIL/);
  });
});

// The default (auto) on an install without SMTP: mail goes to DATA_DIR/outbox, as invitations and
// password resets do, and only the instance's very first registration signs in at once.
const DEFAULTS = { REGISTRATION_CONFIRMS_EMAIL: "", SMTP_URL: "" }; // "" leaves the variable unset

/** What a registration answers, with the address typed replaced, so two answers can be compared. */
async function answerTo(app: TestApp, email: string) {
  const client = new TestClient(app.app);
  const response = await client.post("/api/account/register", registration({ email }));
  const body = JSON.parse(JSON.stringify(response.body).replaceAll(email.toLowerCase(), "<address>"));
  return { status: response.status, body, cookie: "set-cookie" in response.headers, client };
}

describe("by default, without SMTP", () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await createTestApp({ env: DEFAULTS });
  });
  afterAll(() => d.close());

  it("creates the very first account and organization at once, signed in (a fresh install's owner)", async () => {
    const email = uniqueEmail("first");
    const first = await answerTo(d, email);
    expect(first).toMatchObject({ status: 201, cookie: true });
    const me = await first.client.get<any>("/api/me");
    expect(me.body.user.email).toBe(email.toLowerCase());
    expect(me.body.organizations).toEqual([expect.objectContaining({ name: "Night Shift", role: "owner" })]);
  });

  it("then answers an existing address and a new one identically, mailing each through the outbox", async () => {
    const owner = await createUser(d.app);
    const fresh = uniqueEmail("second");
    const existing = await answerTo(d, owner.email);
    const unknown = await answerTo(d, fresh);
    const { client: _a, ...existingAnswer } = existing;
    const { client: _b, ...unknownAnswer } = unknown;
    expect(existingAnswer).toEqual(unknownAnswer);
    expect(unknownAnswer).toEqual({ status: 202, body: { confirmationSentTo: "<address>" }, cookie: false });
    expect((await existing.client.get("/api/me")).status).toBe(401);

    const note = await outboxMail(d, owner.email, "You already have a Flowdeck account");
    expect(note.text).toContain("http://localhost:3000/forgot-password");
    expect(note.text).not.toContain("token=");

    const link = await outboxMail(d, fresh, "Finish creating your Flowdeck account");
    const client = new TestClient(d.app);
    const done = await client.post<any>("/api/account/register/confirm", {
      token: confirmationTokenIn(link.text),
      password: TEST_PASSWORD,
    });
    expect(done.status).toBe(201);
    const me = await client.get<any>("/api/me");
    expect(me.body.user.email).toBe(fresh.toLowerCase());
    expect(me.body.organizations).toEqual([
      expect.objectContaining({ id: done.body.organizationId, name: "Night Shift", role: "owner" }),
    ]);
  });

  it("lets only one of two registrations at once on an empty instance be the first", async () => {
    const empty = await createTestApp({ env: DEFAULTS });
    try {
      const email = uniqueEmail("race");
      const answers = await Promise.all([answerTo(empty, email), answerTo(empty, email)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 202]);
      await outboxMail(empty, email, "You already have a Flowdeck account");
    } finally {
      await empty.close();
    }
  });
});

describe("REGISTRATION_CONFIRMS_EMAIL=off", () => {
  it("keeps the old answer: an existing address is told so, a new one signs in at once", async () => {
    const off = await createTestApp({ env: { REGISTRATION_CONFIRMS_EMAIL: "off" } });
    try {
      const owner = await createUser(off.app);
      const existing = await answerTo(off, owner.email);
      expect(existing.status).toBe(400);
      expect(existing.body.error.message).toBe(MESSAGES.emailTaken);
      expect(await answerTo(off, uniqueEmail())).toMatchObject({ status: 201, cookie: true });
    } finally {
      await off.close();
    }
  });
});
