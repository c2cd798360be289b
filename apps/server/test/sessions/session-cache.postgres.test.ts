import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/database.ts";
import { createOrgWithRoles, createUser, type OrgWithRoles } from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { waitUntil } from "../helpers/sse-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { capturingMailer, resetPasswordByMail } from "./session-support.ts";

// Runs in the PostgreSQL project only (vitest.config.ts): two instances on one database, as
// behind a load balancer. A session cached on B must end when A signs it out or resets the password.

const ENV = { SESSION_CACHE_SECONDS: "300" };
const mailer = capturingMailer();
let a: TestApp;
let b: TestApp;
let second: DatabaseHandle;
let org: OrgWithRoles;

beforeAll(async () => {
  a = await createTestApp({ mailer, env: ENV });
  const connectionString = a.database.connectionString;
  if (!connectionString) throw new Error("the PostgreSQL test database has no connection string");
  second = await openDatabase({ kind: "postgres", connectionString, poolSize: 3 });
  b = await createTestApp({ database: { ...second, drop: second.close }, env: ENV });
  org = await createOrgWithRoles(a.app);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The same browser's cookie, sent to instance B. */
function onB(client: TestClient) {
  return new TestClient(b.app, { origin: "http://localhost:3000", cookie: client.cookieHeader });
}

/** Within a second, B answers the request with `status` (it heard A through the event hub). */
async function untilBAnswers(client: TestClient, url: string, status: number) {
  await waitUntil(async () => (await client.get(url)).status === status, 1_000, `instance B to answer ${status}`);
}

describe("a session cached on a second instance", () => {
  it("ends within a second of signing out on the first", async () => {
    const user = await createUser(a.app);
    const sameBrowserOnB = onB(user.client);
    expect((await sameBrowserOnB.get("/api/me")).status).toBe(200);
    expect((await user.client.post("/api/auth/sign-out")).status).toBe(200);
    await untilBAnswers(sameBrowserOnB, "/api/me", 401);
  });

  it("ends within a second of a password reset on the first", async () => {
    const user = await createUser(a.app);
    const sameBrowserOnB = onB(user.client);
    expect((await sameBrowserOnB.get("/api/me")).status).toBe(200);
    await resetPasswordByMail(a.app, mailer, user.email);
    await untilBAnswers(sameBrowserOnB, "/api/me", 401);
  });

  it("loses a role within a second of the change on the first, and the organization after a removal", async () => {
    const admin = onB(org.users.admin.client);
    const invitations = `/api/orgs/${org.organizationId}/invitations`;
    expect((await admin.get(invitations)).status).toBe(200);
    const member = `/api/orgs/${org.organizationId}/members/${org.users.admin.id}`;
    expect((await org.users.owner.client.patch(member, { role: "viewer" })).status).toBe(200);
    await untilBAnswers(admin, invitations, 403);
    expect((await org.users.owner.client.delete(member)).status).toBe(204);
    await untilBAnswers(admin, `/api/orgs/${org.organizationId}/tasks`, 404);
  });
});
