import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { MESSAGES } from "@flowdeck/shared";
import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserWithPassword } from "../../src/modules/users/repository.ts";
import { tokensUrl } from "../api-tokens/token-factory.ts";
import { auditRows, rowsSince } from "../audit/audit-support.ts";
import { addMember, TEST_PASSWORD, uniqueDomain } from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { muteUrl } from "../notifications/support.ts";
import { outboxMail } from "../helpers/outbox.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { totpCode } from "../helpers/totp.ts";
import { enableTwoFactor } from "../helpers/two-factor.ts";
import { startTestProvider, type TestProvider } from "./oidc-provider.ts";
import {
  connectionBody,
  freshDomain,
  registerOwnerOnDomain,
  ssoUrl,
  testResolveTxt,
  TXT_RECORDS,
} from "./sso-support.ts";
import { CALLBACK, signInThroughProvider } from "./sso-support-sign-in.ts";

// Enforced single sign-on (decision 077): members on the organization's verified domains sign in
// through its provider only; the owner keeps a password with two-factor (break-glass).

let t: TestApp;
let provider: TestProvider;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOUND_ALLOW: "127.0.0.1/32" }, resolveTxt: testResolveTxt });
  provider = await startTestProvider({ redirectUri: CALLBACK });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

type Org = Awaited<ReturnType<typeof registerOwnerOnDomain>>;

/** An organization whose connection is the test provider, for its registered domain (verified). */
async function organization(enforce: boolean, domains?: (domain: string) => string[]) {
  const owner = await registerOwnerOnDomain(t.app);
  await setEnforce(owner, enforce, domains?.(owner.domain));
  return owner;
}

async function setEnforce(owner: Org, enforce: boolean, domains = [owner.domain]) {
  const response = await owner.client.put(
    ssoUrl(owner.organizationId),
    connectionBody({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      scopes: ["openid", "email", "profile", "groups"],
      domains,
      groupRoles: [{ group: "ops-admins", role: "admin" }],
      enforce,
    }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** A member with a password, not signed in. */
async function member(owner: Org, options: { domain?: string; role?: "admin" | "editor" } = {}) {
  const email = `member-${randomBytes(4).toString("hex")}@${options.domain ?? owner.domain}`;
  const passwordHash = await (await t.app.auth.$context).password.hash(TEST_PASSWORD);
  const { id } = await insertUserWithPassword(t.app.db, { email, passwordHash });
  await addMember(t.app, { organizationId: owner.organizationId, userId: id, role: options.role ?? "editor" });
  return { id, email, password: TEST_PASSWORD, client: new TestClient(t.app) };
}

const signInWithPassword = (client: TestClient, email: string, password = TEST_PASSWORD) =>
  client.post("/api/auth/sign-in/email", { email, password });

const enforcedAnswer = { error: { code: "permission-denied", message: SSO_MESSAGES.enforced } };

describe("a member on a verified domain of an organization that enforces single sign-on", () => {
  it("cannot sign in with their password: the right one is refused with the message, a wrong one as ever", async () => {
    const owner = await organization(true);
    const person = await member(owner);
    const refused = await signInWithPassword(person.client, person.email);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(enforcedAnswer);
    expect((await person.client.get("/api/me")).status).toBe(401);
    // Without the password nothing tells that the address must use single sign-on.
    const wrong = await signInWithPassword(new TestClient(t.app), person.email, "not-the-password-1");
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(MESSAGES.invalidCredentials);
  });

  it("cannot ask for a password reset", async () => {
    const owner = await organization(true);
    const person = await member(owner);
    const response = await new TestClient(t.app).post("/api/auth/request-password-reset", {
      email: person.email,
      redirectTo: "/reset-password",
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(enforcedAnswer);
  });

  it("signs in through the provider, and cannot create an API token", async () => {
    const owner = await organization(true);
    const person = await member(owner, { role: "admin" });
    provider.users.set(person.email, { email: person.email, groups: ["ops-admins"] });
    const { client, callback } = await signInThroughProvider(t.app, provider, person.email, person.email);
    expect(callback.headers.location).toBe("http://localhost:3000/dashboard");
    expect((await client.get("/api/me")).status).toBe(200);
    const token = await client.post(tokensUrl(owner.organizationId), { name: "CI", role: "viewer", expiresInDays: 30 });
    expect(token.status).toBe(403);
    expect(token.body).toEqual({ error: { code: "permission-denied", message: SSO_MESSAGES.enforcedApiTokens } });
    // Setting up two-factor, signed in, replaces the session: no sign-in, so not refused.
    await enableTwoFactor({ client, password: person.password });
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("with two-factor on, is refused at the password step, and a code step begun before cannot finish", async () => {
    const owner = await organization(false);
    const person = await member(owner);
    expect((await signInWithPassword(person.client, person.email)).status).toBe(200);
    const { totpURI } = await enableTwoFactor(person);
    const pending = new TestClient(t.app);
    expect((await signInWithPassword(pending, person.email)).body).toMatchObject({ twoFactorRedirect: true });

    await setEnforce(owner, true);
    const code = await pending.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) });
    expect(code.status).toBe(403);
    expect(code.body).toEqual(enforcedAnswer);
    expect((await pending.get("/api/me")).status).toBe(401);
    const again = await signInWithPassword(new TestClient(t.app), person.email);
    expect(again.status).toBe(403);
    expect(again.body).toEqual(enforcedAnswer);
  });

  it("signs in with their password again once enforcement is off", async () => {
    const owner = await organization(true);
    const person = await member(owner);
    expect((await signInWithPassword(person.client, person.email)).status).toBe(403);
    await setEnforce(owner, false);
    expect((await signInWithPassword(person.client, person.email)).status).toBe(200);
    expect((await person.client.get("/api/me")).status).toBe(200);
  });
});

describe("a member whose address is on no verified domain of the organization", () => {
  it("keeps their password, password reset and API tokens", async () => {
    const owner = await organization(true);
    const person = await member(owner, { domain: uniqueDomain(), role: "admin" });
    expect((await signInWithPassword(person.client, person.email)).status).toBe(200);
    const token = await person.client.post(tokensUrl(owner.organizationId), {
      name: "CI",
      role: "viewer",
      expiresInDays: 30,
    });
    expect(token.status).toBe(201);
    const reset = await new TestClient(t.app).post("/api/auth/request-password-reset", { email: person.email });
    expect(reset.status).toBe(200);
  });
});

describe("turning enforcement on", () => {
  it("ends the sessions of the members on the verified domains, not the owner's nor the others', audited", async () => {
    const owner = await organization(false);
    const onDomain = await member(owner);
    const elsewhere = await member(owner, { domain: uniqueDomain() });
    for (const person of [onDomain, elsewhere]) {
      expect((await signInWithPassword(person.client, person.email)).status).toBe(200);
    }
    const before = await auditRows(t.app, owner.organizationId);

    await setEnforce(owner, true);
    expect((await onDomain.client.get("/api/me")).status).toBe(401);
    expect((await elsewhere.client.get("/api/me")).status).toBe(200);
    expect((await owner.client.get("/api/me")).status).toBe(200);
    const ended = (await rowsSince(t.app, owner.organizationId, before)).filter(
      (row) => row.action === "sso.sessions_ended",
    );
    expect(ended).toHaveLength(1);
    expect(ended[0]!.actorId).toBe(owner.id);
    expect(ended[0]!.summary).toContain("1 member");

    // Saving it again, still enforced, ends nothing more.
    await setEnforce(owner, true);
    expect(
      (await rowsSince(t.app, owner.organizationId, before)).filter((row) => row.action === "sso.sessions_ended"),
    ).toHaveLength(1);
  });

  it("covers a domain verified later: its members' sessions end then", async () => {
    const later = freshDomain();
    const owner = await organization(true, (domain) => [domain, later]);
    const person = await member(owner, { domain: later });
    expect((await signInWithPassword(person.client, person.email)).status).toBe(200);
    const connection = await owner.client.get(ssoUrl(owner.organizationId));
    const status = connection.body.domainStatus.find((entry: { domain: string }) => entry.domain === later);
    TXT_RECORDS.set(later, [[status.record]]);
    const verified = await owner.client.post(ssoUrl(owner.organizationId, `/domains/${later}/verify`));
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await person.client.get("/api/me")).status).toBe(401);
    expect((await signInWithPassword(person.client, person.email)).status).toBe(403);
  });
});

describe("the owner's break-glass", () => {
  it("needs two-factor: without it the password is refused with a message saying so", async () => {
    const owner = await organization(true);
    const response = await signInWithPassword(new TestClient(t.app), owner.email);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: { code: "permission-denied", message: SSO_MESSAGES.breakGlassNeedsTwoFactor },
    });
  });

  it("signs in with the password and a TOTP code, audited as the owner and mailed to the other admins", async () => {
    const owner = await organization(true);
    const admin = await member(owner, { domain: uniqueDomain(), role: "admin" });
    const mutedAdmin = await member(owner, { domain: uniqueDomain(), role: "admin" });
    expect((await signInWithPassword(mutedAdmin.client, mutedAdmin.email)).status).toBe(200);
    expect((await mutedAdmin.client.put(muteUrl(owner.organizationId), { muted: true })).status).toBe(200);
    const editor = await member(owner, { domain: uniqueDomain(), role: "editor" });
    const before = await auditRows(t.app, owner.organizationId);
    // Confirming the set-up with a code, signed in already, is no break-glass sign-in.
    const { totpURI } = await enableTwoFactor({ client: owner.client, password: TEST_PASSWORD });

    const client = new TestClient(t.app);
    const first = await signInWithPassword(client, owner.email);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    const second = await client.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) });
    expect(second.status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(200);

    const rows = (await rowsSince(t.app, owner.organizationId, before)).filter(
      (row) => row.action === "sso.break_glass",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: owner.id, entityId: owner.id });
    expect(rows[0]!.summary).toContain(owner.email);

    const mail = await outboxMail(t, admin.email, `${owner.email} signed in to SSO Operations without single sign-on`);
    expect(mail.text).toContain("break-glass");
    expect(mail.text).not.toContain(TEST_PASSWORD);
    // Only the unmuted admin and owners were to be told; nothing else was queued to send.
    const outbox = readdirSync(path.join(t.config.dataDir, "outbox"));
    expect(outbox.filter((file) => file.includes(mutedAdmin.email) || file.includes(editor.email))).toEqual([]);
  });

  it("on a device trusted through the code step, is a break-glass sign-in too, audited each time", async () => {
    const owner = await organization(true);
    const { totpURI } = await enableTwoFactor({ client: owner.client, password: TEST_PASSWORD });
    const before = await auditRows(t.app, owner.organizationId);
    const device = new TestClient(t.app);
    expect((await signInWithPassword(device, owner.email)).body).toMatchObject({ twoFactorRedirect: true });
    const code = await device.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI), trustDevice: true });
    expect(code.status).toBe(200);
    expect((await device.post("/api/auth/sign-out", {})).status).toBe(200);

    const trusted = await signInWithPassword(device, owner.email);
    expect(trusted.status).toBe(200);
    expect(trusted.body).not.toMatchObject({ twoFactorRedirect: true });
    expect((await device.get("/api/me")).status).toBe(200);
    const rows = (await rowsSince(t.app, owner.organizationId, before)).filter(
      (row) => row.action === "sso.break_glass",
    );
    expect(rows).toHaveLength(2);
  });
});
