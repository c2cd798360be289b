import { MESSAGES } from "@flowdeck/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rateLimit, rateLimitCounters } from "../src/db/schema/index.ts";
import { PASSWORD_RESET_REQUESTS_PER_IP } from "../src/modules/auth/auth.ts";
import { TEST_PASSWORD, createOrgWithRoles, createUser, uniqueDomain, uniqueEmail } from "./helpers/factories.ts";
import { createApiToken } from "./api-tokens/token-factory.ts";
import { bearerClient, TestClient } from "./helpers/http-client.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";
import { registrationBody } from "./helpers/test-data.ts";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database.ts";

// Two instances of the server on one database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// the limits are counted in the database, so they hold across instances.
const LIMIT = 3;
let database: TestDatabase;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  first = await createTestApp({ database, env: { ABUSE_RATE_LIMIT: String(LIMIT) } });
  second = await createTestApp({ database, env: { ABUSE_RATE_LIMIT: String(LIMIT) } });
});
afterAll(async () => {
  await first.close();
  await second.close();
  await database.drop();
});
beforeEach(async () => {
  await first.app.db.delete(rateLimitCounters);
  await first.app.db.delete(rateLimit); // better-auth's own counters (sign-in, forgot-password)
});

function register(app: TestApp) {
  return new TestClient(app.app).post<any>(
    "/api/account/register",
    registrationBody({
      email: uniqueEmail("signup"),
      password: TEST_PASSWORD,
      organizationName: "Acme",
      domain: uniqueDomain(),
    }),
  );
}

/** "Forgot password?" for `email`, from the client address `ip`. */
function requestReset(app: TestApp, email: string, ip = "127.0.0.1") {
  return new TestClient(app.app).request<any>({
    method: "POST",
    url: "/api/auth/request-password-reset",
    payload: { email, redirectTo: "/reset-password" },
    remoteAddress: ip,
  });
}

/** An invitation sent with `client`'s session or token, on `app`, from the client address `ip`. */
function invite(app: TestApp, client: TestClient, orgId: string, ip: string, email = uniqueEmail("guest")) {
  return asClient(app, client).request<any>({
    method: "POST",
    url: `/api/orgs/${orgId}/invitations`,
    payload: { email, role: "viewer" },
    remoteAddress: ip,
  });
}

function resend(app: TestApp, client: TestClient, orgId: string, id: string, ip: string) {
  return asClient(app, client).request<any>({
    method: "POST",
    url: `/api/orgs/${orgId}/invitations/${id}/resend`,
    remoteAddress: ip,
  });
}

/** Organizations made for a test (registration is limited too), with the counters cleared after. */
async function organizations(count: number) {
  const made = [];
  for (let index = 0; index < count; index++) {
    made.push(await createOrgWithRoles(first.app));
    await first.app.db.delete(rateLimitCounters);
  }
  return made;
}

/** The same session (or token) on another instance. */
function asClient(app: TestApp, client: TestClient): TestClient {
  const copy = new TestClient(app.app, client.headers);
  return client.cookieHeader ? new TestClient(app.app, { ...client.headers, cookie: client.cookieHeader }) : copy;
}

function expectRefused(response: { status: number; headers: Record<string, unknown>; body: any }) {
  expect(response.status).toBe(429);
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
  expect(Number(response.headers["retry-after"])).toBeLessThanOrEqual(60);
  expect(response.body).toEqual({ error: { code: "resource-exhausted", message: MESSAGES.tooManyAttempts } });
}

describe("abuse limits shared by every instance", () => {
  it("counts registrations from one address on both instances together", async () => {
    expect((await register(first)).status).toBe(201);
    expect((await register(second)).status).toBe(201);
    expect((await register(first)).status).toBe(201);
    expectRefused(await register(second));
    expectRefused(await register(first));
  });

  it("limits invitation-code lookups per address", async () => {
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      const app = attempt % 2 === 0 ? first : second;
      expect((await new TestClient(app.app).get(`/api/invitations/GUESS${attempt}XYZ`)).status).toBe(404);
    }
    expectRefused(await new TestClient(second.app).get<any>("/api/invitations/GUESSLASTXYZ"));
  });

  it("limits invitations sent per account, across instances", async () => {
    const org = await createOrgWithRoles(first.app);
    await first.app.db.delete(rateLimitCounters);
    // The admin's session, used on either instance.
    const invite = (app: TestApp) =>
      new TestClient(app.app).request<any>({
        method: "POST",
        url: `/api/orgs/${org.organizationId}/invitations`,
        payload: { email: uniqueEmail("guest"), role: "viewer" },
        headers: { cookie: org.users.admin.client.cookieHeader },
      });
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      expect((await invite(attempt % 2 === 0 ? first : second)).status).toBe(201);
    }
    expectRefused(await invite(second));
  });

  it("counts an admin's API token against its creator's invitation budget, from any client address", async () => {
    const org = await createOrgWithRoles(first.app);
    const { token } = await createApiToken(org.users.admin.client, org.organizationId, { role: "admin" });
    await first.app.db.delete(rateLimitCounters);
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      expect((await invite(first, org.users.admin.client, org.organizationId, `10.3.0.${attempt + 1}`)).status).toBe(
        201,
      );
    }
    expectRefused(await invite(second, org.users.admin.client, org.organizationId, "10.3.1.1"));
    const script = bearerClient(second.app, token);
    expectRefused(await invite(second, script, org.organizationId, "10.3.1.2"));
    const { id } = (await org.users.owner.client.get<any>(`/api/orgs/${org.organizationId}/invitations`)).body.items[0];
    expectRefused(await resend(first, script, org.organizationId, id, "10.3.1.3"));
    // Another person of the organization has a budget of their own.
    expect((await invite(first, org.users.owner.client, org.organizationId, "10.3.1.4")).status).toBe(201);
  });

  it("limits invitations and resends per person behind a proxy, whatever address each comes from", async () => {
    const org = await createOrgWithRoles(first.app);
    const { id } = (await invite(first, org.users.admin.client, org.organizationId, "10.4.0.1")).body;
    for (let attempt = 1; attempt < LIMIT; attempt++) {
      expect(
        (await resend(second, org.users.admin.client, org.organizationId, id, `10.4.0.${attempt + 1}`)).status,
      ).toBe(200);
    }
    expectRefused(await invite(first, org.users.admin.client, org.organizationId, "10.4.1.1"));
    expectRefused(await resend(second, org.users.admin.client, org.organizationId, id, "10.4.1.2"));
  });

  it("limits invitations per address invited, from any person and client", async () => {
    const email = uniqueEmail("popular");
    const orgs = await organizations(LIMIT + 1);
    for (let attempt = 0; attempt <= LIMIT; attempt++) {
      const org = orgs[attempt]!;
      const response = await invite(second, org.users.admin.client, org.organizationId, `10.5.0.${attempt + 1}`, email);
      if (attempt < LIMIT) expect(response.status).toBe(201);
      else expectRefused(response);
    }
  });

  it("limits invitations per client address, from any person", async () => {
    const orgs = await organizations(LIMIT + 1);
    for (let attempt = 0; attempt <= LIMIT; attempt++) {
      const org = orgs[attempt]!;
      const response = await invite(first, org.users.admin.client, org.organizationId, "10.6.0.1");
      if (attempt < LIMIT) expect(response.status).toBe(201);
      else expectRefused(response);
    }
  });

  it("limits forgot-password requests per client address, on both instances together", async () => {
    for (let attempt = 0; attempt < PASSWORD_RESET_REQUESTS_PER_IP; attempt++) {
      const app = attempt % 2 === 0 ? first : second;
      expect((await requestReset(app, uniqueEmail("forgot"), "10.1.0.1")).status).toBe(200);
    }
    expectRefused(await requestReset(second, uniqueEmail("forgot"), "10.1.0.1"));
    expectRefused(await requestReset(first, uniqueEmail("forgot"), "10.1.0.1"));
    // Another client is not affected.
    expect((await requestReset(first, uniqueEmail("forgot"), "10.1.0.2")).status).toBe(200);
  });

  it("limits forgot-password requests per address asked about, from any client, and alike whether or not it has an account", async () => {
    const { email: known } = await createUser(first.app);
    const unknown = uniqueEmail("nobody");
    const answers: Record<string, unknown[]> = { known: [], unknown: [] };
    for (const [label, email] of [
      ["known", known],
      ["unknown", unknown],
    ] as const) {
      // Every request from another client, on either instance, so only the per-address limit counts.
      for (let attempt = 0; attempt <= LIMIT; attempt++) {
        const app = attempt % 2 === 0 ? first : second;
        // The address as typed, in any case, is one address.
        const typed = attempt % 2 === 0 ? email : email.toUpperCase();
        const response = await requestReset(app, typed, `10.2.${label.length}.${attempt + 1}`);
        answers[label]!.push(response.status);
        if (attempt === LIMIT) expectRefused(response);
      }
    }
    expect(answers.known).toEqual([...Array<number>(LIMIT).fill(200), 429]);
    expect(answers.unknown).toEqual(answers.known);
    // Other addresses are not affected.
    expect((await requestReset(second, uniqueEmail("other"), "10.2.9.9")).status).toBe(200);
  });

  it("starts counting again after the window", async () => {
    for (let attempt = 0; attempt < LIMIT; attempt++) expect((await register(first)).status).toBe(201);
    expectRefused(await register(second));
    // The window ends: move its end into the past instead of waiting a minute.
    await first.app.db.update(rateLimitCounters).set({ resetAt: new Date(Date.now() - 1000) });
    expect((await register(second)).status).toBe(201);
  });
});
