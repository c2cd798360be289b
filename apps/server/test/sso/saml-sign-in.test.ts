import { inflateRawSync } from "node:zlib";
import { SSO_MESSAGES } from "@flowdeck/shared/sso/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema/index.ts";
import { auditRows } from "../audit/audit-support.ts";
import { insertUserWithPassword } from "../../src/modules/users/repository.ts";
import { addMember, createUser, TEST_PASSWORD } from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { startTestSamlIdp, type AnswerChanges, type TestSamlIdp } from "./saml-idp.ts";
import { ACS_URL, postToAcs, samlConnectionBody, signInThroughSamlIdp, spEntityIdOf } from "./saml-support.ts";
import { registerOwnerOnDomain, ssoUrl } from "./sso-support.ts";
import { membersOf, refusal } from "./sso-support-sign-in.ts";

// Signing in through an organization's SAML 2.0 identity provider (decision 078), against a test
// provider on 127.0.0.1 that signs real responses (xml-crypto), driven over HTTP as a browser would.

let t: TestApp;
let idp: TestSamlIdp;
let otherIdp: TestSamlIdp;
let owner: Awaited<ReturnType<typeof registerOwnerOnDomain>>;
let other: Awaited<ReturnType<typeof registerOwnerOnDomain>>;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOUND_ALLOW: "127.0.0.1/32" } });
  idp = await startTestSamlIdp();
  otherIdp = await startTestSamlIdp();
  owner = await registerOwnerOnDomain(t.app);
  other = await registerOwnerOnDomain(t.app);
  const groupRoles = [
    { group: "ops-admins", role: "admin" },
    { group: "ops", role: "editor" },
  ];
  // One organization reads its provider's metadata by URL, the other was given the XML.
  const ours = await owner.client.put(
    ssoUrl(owner.organizationId),
    samlConnectionBody(
      { metadataUrl: idp.metadataUrl, nameAttribute: "displayName" },
      { domains: [owner.domain], groupRoles },
    ),
  );
  expect(ours.status, JSON.stringify(ours.body)).toBe(200);
  const theirs = await other.client.put(
    ssoUrl(other.organizationId),
    samlConnectionBody({ metadataXml: otherIdp.metadataXml() }, { domains: [other.domain], groupRoles }),
  );
  expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
});
afterAll(async () => {
  await t.close();
  await idp.close();
  await otherIdp.close();
});

function person(login: string, values: { groups?: string[]; domain?: string } = {}) {
  const email = `${login}@${values.domain ?? owner.domain}`;
  idp.users.set(login, { email, name: `${login} of ops`, groups: values.groups ?? [] });
  return email;
}

/** Signs in with the provider's next answers changed, and answers the login page's message. */
async function refusedWith(changes: AnswerChanges, login: string) {
  idp.answer = changes;
  try {
    const { acs } = await signInThroughSamlIdp(t.app, idp, person(login), login);
    return refusal(acs);
  } finally {
    idp.answer = {};
  }
}

describe("signing in through a SAML identity provider", () => {
  it("sends the browser to the provider's SSO URL with an AuthnRequest (HTTP-Redirect)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sso/start",
      payload: { email: `anyone@${owner.domain.toUpperCase()}` },
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    expect(`${url.origin}${url.pathname}`).toBe(idp.ssoUrl);
    const request = inflateRawSync(Buffer.from(url.searchParams.get("SAMLRequest")!, "base64")).toString("utf8");
    expect(request).toContain("<samlp:AuthnRequest");
    expect(request).toContain(`AssertionConsumerServiceURL="${ACS_URL}"`);
    expect(request).toContain(`Destination="${idp.ssoUrl}"`);
    expect(request).toContain(`>${spEntityIdOf(owner.organizationId)}</saml:Issuer>`);
    // Nothing of ours is signed: Flowdeck keeps no private key for SAML.
    expect(url.searchParams.has("Signature")).toBe(false);
  });

  it("makes a new person a member with the default role, just in time, and signs them in", async () => {
    const email = person("ada");
    const { client, acs } = await signInThroughSamlIdp(t.app, idp, email, "ada");
    expect(acs.status).toBe(302);
    expect(acs.headers.location).toBe("http://localhost:3000/dashboard");
    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(email);
    const member = (await membersOf(owner.client, owner.organizationId)).find((row) => row.email === email);
    expect(member?.role).toBe("viewer");
    const [account] = await t.app.db.select().from(user).where(eq(user.email, email));
    expect(account).toMatchObject({ name: "ada of ops", emailVerified: true });
    const rows = await auditRows(t.app, owner.organizationId);
    const joined = rows.find((row) => row.action === "member.joined" && row.entityId === member?.userId);
    expect(joined?.summary).toBe(`ada of ops joined as viewer through single sign-on (${idp.entityId})`);
    expect(rows.some((row) => row.action === "auth.signed_in" && row.actorId === member?.userId)).toBe(true);
  });

  it("links an existing account with the same address, never a second one", async () => {
    const existing = await createUser(t.app, { email: `grace@${owner.domain}` });
    person("grace");
    const { client, acs } = await signInThroughSamlIdp(t.app, idp, existing.email, "grace");
    expect(acs.headers.location).toBe("http://localhost:3000/dashboard");
    expect((await client.get("/api/me")).status).toBe(200);
    const member = (await membersOf(owner.client, owner.organizationId)).find((row) => row.email === existing.email);
    expect(member?.userId).toBe(existing.id);
    await signInThroughSamlIdp(t.app, idp, existing.email, "grace");
    const accounts = await t.app.db.select().from(user).where(eq(user.email, existing.email));
    expect(accounts.map((row) => row.id)).toEqual([existing.id]);
  });

  it("takes a response signed as a whole as well as a signed assertion", async () => {
    idp.answer = { sign: "response" };
    try {
      const { acs } = await signInThroughSamlIdp(t.app, idp, person("whole"), "whole");
      expect(acs.headers.location).toBe("http://localhost:3000/dashboard");
    } finally {
      idp.answer = {};
    }
  });
});

describe("groups and roles", () => {
  it("maps the groups attribute at every sign-in: admin, then editor, audited with the provider", async () => {
    const email = person("linus", { groups: ["ops-admins", "ops"] });
    await signInThroughSamlIdp(t.app, idp, email, "linus");
    const roleOf = async () =>
      (await membersOf(owner.client, owner.organizationId)).find((row) => row.email === email)?.role;
    expect(await roleOf()).toBe("admin");

    person("linus", { groups: ["ops"] });
    const { client } = await signInThroughSamlIdp(t.app, idp, email, "linus");
    expect(await roleOf()).toBe("editor");
    expect((await client.get(`/api/orgs/${owner.organizationId}/audit`)).status).toBe(403);
    const changed = (await auditRows(t.app, owner.organizationId)).find((row) => row.action === "member.role_changed");
    expect(changed?.summary).toBe(
      `The identity provider ${idp.entityId} changed the role of linus of ops to editor at sign-in`,
    );
  });

  it("keeps the organization's creator owner, whatever the groups say", async () => {
    idp.users.set("creator", { email: owner.email, groups: ["ops"] });
    const { acs } = await signInThroughSamlIdp(t.app, idp, owner.email, "creator");
    expect(acs.status).toBe(302);
    const row = (await membersOf(owner.client, owner.organizationId)).find((member) => member.email === owner.email);
    expect(row?.role).toBe("owner");
  });
});

describe("refusals, each with a clear message", () => {
  it("an unsigned response", async () => {
    expect(await refusedWith({ sign: "none" }, "unsigned")).toBe(SSO_MESSAGES.samlSignatureInvalid);
  });

  it("a response signed by another key than the connection's certificate", async () => {
    expect(await refusedWith({ foreignKey: true }, "forged")).toBe(SSO_MESSAGES.samlSignatureInvalid);
    expect(await refusedWith({ sign: "response", foreignKey: true }, "forged2")).toBe(
      SSO_MESSAGES.samlSignatureInvalid,
    );
  });

  it("an assertion meant for another service provider (audience)", async () => {
    expect(await refusedWith({ audience: spEntityIdOf(other.organizationId) }, "audience")).toBe(
      SSO_MESSAGES.idTokenWrongAudience,
    );
  });

  it("an assertion that expired before it arrived", async () => {
    expect(await refusedWith({ shiftMs: -60 * 60_000 }, "late")).toBe(SSO_MESSAGES.idTokenExpired);
  });

  it("a response sent for another address (destination)", async () => {
    expect(await refusedWith({ destination: "https://elsewhere.example.com/acs" }, "astray")).toBe(
      SSO_MESSAGES.samlWrongDestination,
    );
  });

  it("an assertion that answers no request, or another one, wrapped in a response to this one", async () => {
    expect(await refusedWith({ subjectInResponseTo: null }, "unbound")).toBe(SSO_MESSAGES.samlNotThisSignIn);
    // node-saml itself refuses an assertion for another request than its response names.
    expect(await refusedWith({ subjectInResponseTo: "_another-request" }, "rebound")).toBe(
      SSO_MESSAGES.samlNotThisSignIn,
    );
  });

  it("a replayed response: its InResponseTo works once", async () => {
    const email = person("replay");
    const { client, acs, form } = await signInThroughSamlIdp(t.app, idp, email, "replay");
    expect(acs.headers.location).toBe("http://localhost:3000/dashboard");
    expect(refusal(await postToAcs(client, idp, form))).toBe(SSO_MESSAGES.stateInvalid);
  });

  it("no response, or no XML", async () => {
    const client = (await signInThroughSamlIdp(t.app, idp, person("empty"), "empty")).client;
    expect(refusal(await postToAcs(client, idp, "RelayState=x"))).toBe(SSO_MESSAGES.samlResponseMissing);
    expect(refusal(await postToAcs(client, idp, "SAMLResponse=bm90IHhtbA%3D%3D"))).toBe(SSO_MESSAGES.idTokenInvalid);
  });

  it("an address outside the verified domains, and nobody is made", async () => {
    const outsider = "outsider@elsewhere.example.org";
    idp.users.set("outsider", { email: outsider });
    const { acs } = await signInThroughSamlIdp(t.app, idp, `anyone@${owner.domain}`, "outsider");
    expect(refusal(acs)).toBe(SSO_MESSAGES.emailOutsideDomains);
    expect(await t.app.db.select().from(user).where(eq(user.email, outsider))).toEqual([]);
  });
});

describe("two organizations with their own providers", () => {
  it("never see each other's members, and one provider cannot sign in the other's addresses", async () => {
    otherIdp.users.set("hopper", { email: `hopper@${other.domain}`, groups: ["ops"] });
    const { client } = await signInThroughSamlIdp(t.app, otherIdp, `hopper@${other.domain}`, "hopper");
    const theirs = await membersOf(other.client, other.organizationId);
    expect(theirs.find((row) => row.email === `hopper@${other.domain}`)?.role).toBe("editor");
    const ours = await membersOf(owner.client, owner.organizationId);
    expect(ours.some((row) => row.email.endsWith(other.domain))).toBe(false);
    expect(theirs.some((row) => row.email.endsWith(owner.domain))).toBe(false);
    expect((await client.get(`/api/orgs/${owner.organizationId}/members`)).status).toBe(404);

    // The other provider vouches for an address of ours: refused, nobody is made.
    otherIdp.users.set("intruder", { email: `intruder@${owner.domain}` });
    const { acs } = await signInThroughSamlIdp(t.app, otherIdp, `hopper@${other.domain}`, "intruder");
    expect(refusal(acs)).toBe(SSO_MESSAGES.emailOutsideDomains);
    expect(
      await t.app.db
        .select()
        .from(user)
        .where(eq(user.email, `intruder@${owner.domain}`)),
    ).toEqual([]);
  });
});

describe("enforced single sign-on through SAML", () => {
  it("refuses a member's password and signs them in through the identity provider", async () => {
    const enforcing = await registerOwnerOnDomain(t.app);
    const saved = await enforcing.client.put(
      ssoUrl(enforcing.organizationId),
      samlConnectionBody({ metadataXml: idp.metadataXml() }, { domains: [enforcing.domain], enforce: true }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const email = `member@${enforcing.domain}`;
    const passwordHash = await (await t.app.auth.$context).password.hash(TEST_PASSWORD);
    const { id } = await insertUserWithPassword(t.app.db, { email, passwordHash });
    await addMember(t.app, { organizationId: enforcing.organizationId, userId: id, role: "editor" });

    const refused = await new TestClient(t.app).post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(SSO_MESSAGES.enforced);

    idp.users.set("enforced", { email });
    const { client, acs } = await signInThroughSamlIdp(t.app, idp, email, "enforced");
    expect(acs.headers.location).toBe("http://localhost:3000/dashboard");
    expect((await client.get("/api/me")).status).toBe(200);
  });
});
