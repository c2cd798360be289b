import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema/index.ts";
import { auditRows } from "../audit/audit-support.ts";
import { createUser } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { signInAtProvider, startTestProvider, type TestProvider } from "./oidc-provider.ts";
import { connectionBody, registerOwnerOnDomain, ssoUrl } from "./sso-support.ts";
import { CALLBACK, membersOf, refusal, signInThroughProvider } from "./sso-support-sign-in.ts";

// Signing in through an organization's own OpenID provider (decision 075), against a real
// provider (oidc-provider) on 127.0.0.1 whose login form the tests fill in over HTTP.

let t: TestApp;
let provider: TestProvider;
let otherProvider: TestProvider;
let owner: Awaited<ReturnType<typeof registerOwnerOnDomain>>;
let other: Awaited<ReturnType<typeof registerOwnerOnDomain>>;
/** How far the server's clock runs ahead when it checks id tokens (an answer that arrives late). */
let clockAhead = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { OUTBOUND_ALLOW: "127.0.0.1/32" },
    now: () => new Date(Date.now() + clockAhead),
  });
  provider = await startTestProvider({ redirectUri: CALLBACK });
  otherProvider = await startTestProvider({ redirectUri: CALLBACK });
  owner = await registerOwnerOnDomain(t.app);
  other = await registerOwnerOnDomain(t.app);
  for (const [org, idp] of [
    [owner, provider],
    [other, otherProvider],
  ] as const) {
    const response = await org.client.put(
      ssoUrl(org.organizationId),
      connectionBody({
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        scopes: ["openid", "email", "profile", "groups"],
        domains: [org.domain],
        defaultRole: "viewer",
        groupRoles: [
          { group: "ops-admins", role: "admin" },
          { group: "ops", role: "editor" },
        ],
      }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  await provider.close();
  await otherProvider.close();
});

function person(login: string, values: { groups?: string[]; domain?: string } = {}) {
  const email = `${login}@${values.domain ?? owner.domain}`;
  provider.users.set(login, { email, name: `${login} of ops`, groups: values.groups ?? [] });
  return email;
}

describe("signing in through the provider", () => {
  it("answers the provider's authorization URL with state, nonce and PKCE", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sso/start",
      payload: { email: `anyone@${owner.domain.toUpperCase()}` },
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: provider.clientId,
      redirect_uri: CALLBACK,
      code_challenge_method: "S256",
      login_hint: `anyone@${owner.domain}`,
    });
    for (const name of ["state", "nonce", "code_challenge"]) expect(url.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
  });

  it("makes a new person a member with the default role, just in time", async () => {
    const email = person("ada");
    const { client, callback } = await signInThroughProvider(t.app, provider, email, "ada");
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe("http://localhost:3000/dashboard");
    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(email);
    const member = (await membersOf(owner.client, owner.organizationId)).find((row) => row.email === email);
    expect(member?.role).toBe("viewer");
    const joined = (await auditRows(t.app, owner.organizationId)).find(
      (row) => row.action === "member.joined" && row.entityId === member?.userId,
    );
    expect(joined?.summary).toContain(provider.issuer);
    expect((await auditRows(t.app, owner.organizationId)).some((row) => row.action === "auth.signed_in")).toBe(true);
  });

  it("links an existing account with the same address, never a second one", async () => {
    const existing = await createUser(t.app, { email: `grace@${owner.domain}` });
    person("grace");
    const { client, callback } = await signInThroughProvider(t.app, provider, existing.email, "grace");
    expect(callback.status).toBe(302);
    expect((await client.get("/api/me")).status).toBe(200);
    const accounts = await t.app.db.select().from(user).where(eq(user.email, existing.email));
    expect(accounts.map((row) => row.id)).toEqual([existing.id]);
    const member = (await membersOf(owner.client, owner.organizationId)).find((row) => row.email === existing.email);
    expect(member?.userId).toBe(existing.id);
    // The same provider account signs in to the same person again.
    const again = await signInThroughProvider(t.app, provider, existing.email, "grace");
    expect(again.callback.headers.location).toBe("http://localhost:3000/dashboard");
    expect(await t.app.db.select().from(user).where(eq(user.email, existing.email))).toHaveLength(1);
  });
});

describe("groups and roles", () => {
  it("maps the groups at every sign-in: admin, then editor after the group changed, audited with the provider", async () => {
    const email = person("linus", { groups: ["ops-admins", "ops"] });
    await signInThroughProvider(t.app, provider, email, "linus");
    const roleOf = async () =>
      (await membersOf(owner.client, owner.organizationId)).find((row) => row.email === email)?.role;
    expect(await roleOf()).toBe("admin");

    person("linus", { groups: ["ops"] });
    const { client } = await signInThroughProvider(t.app, provider, email, "linus");
    expect(await roleOf()).toBe("editor");
    // The new role rules at once: an editor may not read the audit log.
    expect((await client.get(`/api/orgs/${owner.organizationId}/audit`)).status).toBe(403);
    const changed = (await auditRows(t.app, owner.organizationId)).find((row) => row.action === "member.role_changed");
    expect(changed?.summary).toBe(
      `The identity provider ${provider.issuer} changed the role of linus of ops to editor at sign-in`,
    );
    expect(changed?.changes).toEqual({ role: { before: "admin", after: "editor" } });
  });

  it("keeps the organization's creator owner, whatever the groups say", async () => {
    provider.users.set("creator", { email: owner.email, groups: [] });
    const { callback } = await signInThroughProvider(t.app, provider, owner.email, "creator");
    expect(callback.status).toBe(302);
    const row = (await membersOf(owner.client, owner.organizationId)).find((member) => member.email === owner.email);
    expect(row?.role).toBe("owner");
  });
});

describe("refusals, each with a clear message", () => {
  it("an address on no verified domain", async () => {
    const client = t.app;
    const unknown = await client.inject({
      method: "POST",
      url: "/api/auth/sso/start",
      payload: { email: "x@nowhere.example.org" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(SSO_MESSAGES.noSsoForAddress);
    const invalid = await client.inject({
      method: "POST",
      url: "/api/auth/sso/start",
      payload: { email: "not an address" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(SSO_MESSAGES.emailInvalid);
  });

  it("an unverified domain", async () => {
    const pending = await registerOwnerOnDomain(t.app);
    const domain = `pending-${pending.domain}`;
    await pending.client.put(
      ssoUrl(pending.organizationId),
      connectionBody({ issuer: provider.issuer, domains: [domain] }),
    );
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sso/start",
      payload: { email: `x@${domain}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(SSO_MESSAGES.noSsoForAddress);
  });

  it("a replayed state", async () => {
    const email = person("replay");
    const { client, callbackUrl } = await signInThroughProvider(t.app, provider, email, "replay");
    const replayed = await client.get(callbackUrl.replace("http://localhost:3000", ""));
    expect(refusal(replayed)).toBe(SSO_MESSAGES.stateInvalid);
  });

  it("a wrong client secret", async () => {
    const wrong = await owner.client.put(
      ssoUrl(owner.organizationId),
      connectionBody({
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: "not-the-secret",
        domains: [owner.domain],
      }),
    );
    expect(wrong.status).toBe(200);
    try {
      const email = person("secretive");
      const { callback } = await signInThroughProvider(t.app, provider, email, "secretive");
      expect(refusal(callback)).toBe(SSO_MESSAGES.clientRejected);
    } finally {
      await owner.client.put(
        ssoUrl(owner.organizationId),
        connectionBody({
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          scopes: ["openid", "email", "profile", "groups"],
          domains: [owner.domain],
          groupRoles: [
            { group: "ops-admins", role: "admin" },
            { group: "ops", role: "editor" },
          ],
        }),
      );
    }
  });

  it("an id token meant for another application", async () => {
    provider.reissueIdToken = (claims) => ({ ...claims, aud: "another-application" });
    try {
      const email = person("audience");
      const { callback } = await signInThroughProvider(t.app, provider, email, "audience");
      expect(refusal(callback)).toBe(SSO_MESSAGES.idTokenWrongAudience);
    } finally {
      provider.reissueIdToken = null;
    }
  });

  it("an id token that expired before it arrived", async () => {
    clockAhead = 60 * 60 * 1000;
    try {
      const email = person("late");
      const { callback } = await signInThroughProvider(t.app, provider, email, "late");
      expect(refusal(callback)).toBe(SSO_MESSAGES.idTokenExpired);
    } finally {
      clockAhead = 0;
    }
  });
});

describe("two organizations with their own providers", () => {
  it("never see each other's members, and one provider cannot sign in the other's addresses", async () => {
    otherProvider.users.set("hopper", { email: `hopper@${other.domain}`, groups: ["ops"] });
    const { client } = await signInThroughProvider(t.app, otherProvider, `hopper@${other.domain}`, "hopper");
    const theirs = await membersOf(other.client, other.organizationId);
    expect(theirs.find((row) => row.email === `hopper@${other.domain}`)?.role).toBe("editor");
    const ours = await membersOf(owner.client, owner.organizationId);
    expect(ours.some((row) => row.email.endsWith(other.domain))).toBe(false);
    expect(theirs.some((row) => row.email.endsWith(owner.domain))).toBe(false);
    expect((await client.get(`/api/orgs/${owner.organizationId}/members`)).status).toBe(404);

    // The other provider vouches for an address of ours: refused, nobody is made.
    otherProvider.users.set("intruder", { email: `intruder@${owner.domain}` });
    const started = await client.post("/api/auth/sso/start", { email: `hopper@${other.domain}` });
    const back = await signInAtProvider(started.body.url, "intruder", CALLBACK);
    const callback = await client.get(back.replace("http://localhost:3000", ""));
    expect(refusal(callback)).toBe(SSO_MESSAGES.emailOutsideDomains);
    expect(
      await t.app.db
        .select()
        .from(user)
        .where(eq(user.email, `intruder@${owner.domain}`)),
    ).toEqual([]);
  });
});
