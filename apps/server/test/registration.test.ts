import { MESSAGES } from "@flowdeck/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../src/db/schema/index.ts";
import { TEST_PASSWORD, registerOwner, uniqueDomain, uniqueEmail } from "./helpers/factories.ts";
import { TestClient } from "./helpers/http-client.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";
import { joinRegistrationBody, registrationBody } from "./helpers/test-data.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function registration(overrides: Record<string, unknown> = {}) {
  const body = registrationBody({
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    organizationName: "Acme",
    domain: uniqueDomain(),
  });
  return { ...body, ...overrides };
}

describe("registration with a new organization", () => {
  it("creates the account, an organization with 100 credits owned by it, and signs in", async () => {
    const client = new TestClient(t.app);
    const created = await client.post("/api/account/register", registration({ organizationName: "  Night Shift  " }));
    expect(created.status).toBe(201);

    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.organizations).toEqual([
      expect.objectContaining({ id: created.body.organizationId, name: "Night Shift", role: "owner", credits: 100 }),
    ]);
    expect(me.body.user.currentOrgId).toBe(created.body.organizationId);
  });

  it.each([
    [{ email: "" }, "email", MESSAGES.emailRequired],
    [{ email: "not-an-address" }, "email", MESSAGES.emailInvalid],
    [{ password: "", confirmPassword: "" }, "password", MESSAGES.passwordRequired],
    [{ password: "12345", confirmPassword: "12345" }, "password", MESSAGES.passwordTooShortRegister],
    [{ confirmPassword: "" }, "confirmPassword", MESSAGES.confirmPasswordRequired],
    [{ confirmPassword: "something-else" }, "confirmPassword", MESSAGES.passwordsDoNotMatch],
    [{ organizationName: "   " }, "organizationName", MESSAGES.organizationNameMissing],
    [{ domain: "" }, "domain", MESSAGES.organizationDomainMissing],
    [{ domain: "localhost" }, "domain", MESSAGES.domainInvalid],
    [{ domain: "-bad.com" }, "domain", MESSAGES.domainInvalid],
    [{ domain: "bad-.com" }, "domain", MESSAGES.domainInvalid],
    [{ domain: "site.c" }, "domain", MESSAGES.domainInvalid],
    [{ domain: "under_score.com" }, "domain", MESSAGES.domainInvalid],
  ])("refuses %j with the spec's text", async (overrides, field, message) => {
    const response = await new TestClient(t.app).post("/api/account/register", registration(overrides));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid-argument");
    expect(response.body.error.fields[field]).toBe(message);
  });

  it("refuses a domain that exists in another case, and leaves no account behind", async () => {
    const domain = uniqueDomain();
    await new TestClient(t.app).post("/api/account/register", registration({ domain }));
    const email = uniqueEmail();
    const response = await new TestClient(t.app).post(
      "/api/account/register",
      registration({ email, domain: domain.toUpperCase() }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(MESSAGES.domainTaken);
    expect(await t.app.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });

  it("gives one account and one organization when two registrations race for a domain", async () => {
    const domain = uniqueDomain();
    const results = await Promise.all(
      [1, 2, 3].map(() => new TestClient(t.app).post("/api/account/register", registration({ domain }))),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    for (const refused of results.filter((result) => result.status !== 201)) {
      expect(refused.body.error.message).toBe(MESSAGES.domainTaken);
    }
  });

  it("stores the domain lowercase", async () => {
    const domain = uniqueDomain().toUpperCase();
    const client = new TestClient(t.app);
    await client.post("/api/account/register", registration({ domain }));
    const me = await client.get("/api/me");
    expect(me.body.organizations[0].domain).toBe(domain.toLowerCase());
  });

  it("refuses an email that already has an account", async () => {
    const owner = await registerOwner(t.app);
    const response = await new TestClient(t.app).post("/api/account/register", registration({ email: owner.email }));
    expect(response.status).toBe(400);
    expect(response.body.error.fields.email).toBe(MESSAGES.emailTaken);
  });
});

describe("registration with an invitation code", () => {
  it("needs a code", async () => {
    const response = await new TestClient(t.app).post(
      "/api/account/register",
      joinRegistrationBody({ email: uniqueEmail(), invitationCode: " " }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.fields.invitationCode).toBe(MESSAGES.invitationCodeMissing);
  });

  it("answers 'Invalid invitation code' for an unknown code and creates no account", async () => {
    const email = uniqueEmail();
    const response = await new TestClient(t.app).post(
      "/api/account/register",
      joinRegistrationBody({ email, invitationCode: "no-such-code" }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(MESSAGES.invalidInvitationCode);
    expect(await t.app.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });
});
