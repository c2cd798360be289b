import { Writable } from "node:stream";
import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRows } from "../audit/audit-support.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { startTestProvider, type TestProvider } from "./oidc-provider.ts";
import {
  connectionBody,
  freshDomain,
  registerOwnerOnDomain,
  ssoUrl,
  testResolveTxt,
  TXT_RECORDS,
} from "./sso-support.ts";

// The connection API (decision 075): what an owner stores, what is verified, what Test connection
// says — against a real OpenID provider on 127.0.0.1 — and that the client secret never comes out.

const SECRET = "zz-client-secret-that-must-never-leave-8Kq";
let t: TestApp;
let log = "";
let provider: TestProvider;
let emailless: TestProvider;
let owner: Awaited<ReturnType<typeof registerOwnerOnDomain>>;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  t = await createTestApp({
    resolveTxt: testResolveTxt,
    logStream,
    env: { LOG_LEVEL: "trace", OUTBOUND_ALLOW: "127.0.0.1/32" },
  });
  const redirectUri = "http://localhost:3000/api/auth/sso/callback";
  provider = await startTestProvider({ redirectUri });
  emailless = await startTestProvider({ redirectUri, withoutEmail: true });
  owner = await registerOwnerOnDomain(t.app);
});
afterAll(async () => {
  await t.close();
  await provider.close();
  await emailless.close();
});

const put = (body: Record<string, unknown>) => owner.client.put(ssoUrl(owner.organizationId), body);

describe("the connection", () => {
  it("is stored as given, with the registered domain verified at once and another waiting for DNS", async () => {
    const other = freshDomain();
    const response = await put(
      connectionBody({
        issuer: `${provider.issuer}/`,
        clientId: provider.clientId,
        clientSecret: SECRET,
        domains: [owner.domain, other],
        defaultRole: "editor",
        groupRoles: [{ group: "ops-admins", role: "admin" }],
      }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      protocol: "oidc",
      issuer: provider.issuer,
      clientId: provider.clientId,
      defaultRole: "editor",
      groupRoles: [{ group: "ops-admins", role: "admin" }],
      hasClientSecret: true,
      enforce: false,
      callbackUrl: "http://localhost:3000/api/auth/sso/callback",
    });
    expect(response.body).not.toHaveProperty("clientSecret");
    const status = Object.fromEntries(
      response.body.domainStatus.map((entry: { domain: string; verified: boolean }) => [entry.domain, entry.verified]),
    );
    expect(status).toEqual({ [owner.domain]: true, [other]: false });
    const record = response.body.domainStatus.find((entry: { domain: string }) => entry.domain === other).record;
    expect(record).toMatch(/^flowdeck-verification=[0-9a-f]{32}$/);

    // No record yet: refused, saying which record to add.
    const early = await owner.client.post(ssoUrl(owner.organizationId, `/domains/${other}/verify`));
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe(SSO_MESSAGES.domainNotVerified(other, record));
    TXT_RECORDS.set(other, [["unrelated"], [record]]);
    const verified = await owner.client.post(ssoUrl(owner.organizationId, `/domains/${other}/verify`));
    expect(verified.status).toBe(200);
    expect(verified.body.domainStatus.every((entry: { verified: boolean }) => entry.verified)).toBe(true);
  });

  it("keeps the client secret when a change leaves it out; a first connection needs one", async () => {
    const current = await owner.client.get(ssoUrl(owner.organizationId));
    const { clientSecret: _left, ...withoutSecret } = connectionBody({
      issuer: provider.issuer,
      clientId: provider.clientId,
      domains: current.body.domains,
      enforce: false,
    });
    const response = await put({ ...withoutSecret, defaultRole: "viewer" });
    expect(response.status).toBe(200);
    expect(response.body.hasClientSecret).toBe(true);

    const newcomer = await registerOwnerOnDomain(t.app);
    const first = await newcomer.client.put(ssoUrl(newcomer.organizationId), withoutSecret);
    expect(first.status).toBe(400);
    expect(first.body.error.message).toBe(SSO_MESSAGES.clientSecretRequired);
  });

  it("refuses a domain another organization has verified, and an owner role for a group", async () => {
    const newcomer = await registerOwnerOnDomain(t.app);
    const taken = await newcomer.client.put(
      ssoUrl(newcomer.organizationId),
      connectionBody({ domains: [owner.domain] }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(SSO_MESSAGES.domainTaken(owner.domain));
    const ownerGroup = await newcomer.client.put(
      ssoUrl(newcomer.organizationId),
      connectionBody({ groupRoles: [{ group: "root", role: "owner" }] }),
    );
    expect(ownerGroup.status).toBe(400);
    expect(ownerGroup.body.error.message).toBe(SSO_MESSAGES.groupRoleOwner);
  });

  it("answers 404 before it is set up", async () => {
    const newcomer = await registerOwnerOnDomain(t.app);
    const response = await newcomer.client.get(ssoUrl(newcomer.organizationId));
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(SSO_MESSAGES.notConfigured);
  });
});

describe("Test connection", () => {
  it("runs discovery against the provider and says what it found", async () => {
    const response = await owner.client.post(ssoUrl(owner.organizationId, "/test"));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ok: true, issuer: provider.issuer });
    expect(response.body.tokenEndpoint).toContain(provider.issuer);
  });

  it("says in plain words when the issuer cannot be reached or offers no e-mail claim", async () => {
    const newcomer = await registerOwnerOnDomain(t.app);
    const test = () => newcomer.client.post(ssoUrl(newcomer.organizationId, "/test"));
    await newcomer.client.put(ssoUrl(newcomer.organizationId), connectionBody({ issuer: emailless.issuer }));
    expect((await test()).body).toEqual({ ok: false, message: SSO_MESSAGES.noEmailClaim });

    const closed = `http://127.0.0.1:9/realms/none`;
    await newcomer.client.put(
      ssoUrl(newcomer.organizationId),
      connectionBody({ issuer: closed, clientSecret: undefined }),
    );
    expect((await test()).body).toEqual({ ok: false, message: SSO_MESSAGES.issuerUnreachable(closed) });
  });
});

describe("the client secret", () => {
  it("is in no answer, no audit row, no export and no log line", async () => {
    const answers = [
      await owner.client.get(ssoUrl(owner.organizationId)),
      await owner.client.get(`/api/orgs/${owner.organizationId}/export`),
      await owner.client.get(`/api/orgs/${owner.organizationId}/audit`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    }
    const rows = await auditRows(t.app, owner.organizationId);
    expect(rows.some((row) => row.action === "sso.updated")).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    expect(log).not.toBe("");
    expect(log).not.toContain(SECRET);
  });
});
