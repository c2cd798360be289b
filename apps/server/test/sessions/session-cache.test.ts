import { AsyncLocalStorage } from "node:async_hooks";
import { MESSAGES } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, createUser, signIn, type OrgWithRoles } from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createTestDatabase } from "../helpers/test-database.ts";
import { capturingMailer, resetPasswordByMail } from "./session-support.ts";

// The statements each request sends, told apart from background jobs (the run sweeper) by the
// request's async context.
const statementsOfRequest = new AsyncLocalStorage<string[]>();
const mailer = capturingMailer();
let t: TestApp;
let org: OrgWithRoles;

beforeAll(async () => {
  const database = await createTestDatabase({ onQuery: (query) => statementsOfRequest.getStore()?.push(query) });
  t = await createTestApp({ database, mailer, env: { SESSION_CACHE_SECONDS: "300" } });
  org = await createOrgWithRoles(t.app);
});
afterAll(async () => {
  await t.close();
  await t.database.drop();
});

async function statementsOf(client: TestClient, url: string) {
  const statements: string[] = [];
  const response = await statementsOfRequest.run(statements, () => client.get(url));
  expect(response.status).toBe(200);
  return statements;
}

const orgUrl = (path: string) => `/api/orgs/${org.organizationId}${path}`;
const membersUrl = (userId: string) => orgUrl(`/members/${userId}`);

describe("authenticated requests on a warm session cache", () => {
  it.each(["/api/me", "/tasks", "/workflows", "/documents", "/members", "/credits/transactions"])(
    "GET %s sends at most 2 SQL statements",
    async (path) => {
      const url = path === "/api/me" ? path : orgUrl(path);
      const editor = org.users.editor.client;
      await statementsOf(editor, url);
      const statements = await statementsOf(editor, url);
      expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(2);
      expect(statements.length).toBeGreaterThan(0);
    },
  );

  it("answers GET /api/me in one statement", async () => {
    await statementsOf(org.users.viewer.client, "/api/me");
    expect(await statementsOf(org.users.viewer.client, "/api/me")).toHaveLength(1);
  });
});

describe("what ends a cached session or membership at once", () => {
  it("a demoted admin gets 403 on the next request, and a promoted one gets in again", async () => {
    const admin = org.users.admin;
    const owner = org.users.owner.client;
    expect((await admin.client.get(orgUrl("/invitations"))).status).toBe(200);
    expect((await owner.patch(membersUrl(admin.id), { role: "viewer" })).status).toBe(200);
    const refused = await admin.client.get(orgUrl("/invitations"));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MESSAGES.cannotInvite);
    expect((await owner.patch(membersUrl(admin.id), { role: "admin" })).status).toBe(200);
    expect((await admin.client.get(orgUrl("/invitations"))).status).toBe(200);
  });

  it("an invited user who accepts works in the organization at once, with the invited role", async () => {
    const invitee = await createUser(t.app);
    expect((await invitee.client.get("/api/me")).status).toBe(200);
    const since = mailer.sent.length;
    const sent = await org.users.owner.client.post(orgUrl("/invitations"), { email: invitee.email, role: "viewer" });
    expect(sent.status).toBe(201);
    const mail = mailer.sent.slice(since).find((sentMail) => sentMail.to === invitee.email)!;
    const code = decodeURIComponent(/\/invite\/(\S+)/.exec(mail.text)![1]!);
    expect((await invitee.client.post(`/api/invitations/${code}/accept`)).status).toBe(200);
    expect((await invitee.client.get(orgUrl("/tasks"))).status).toBe(200);
    expect((await invitee.client.post(orgUrl("/tasks"), {})).status).toBe(403);
  });

  it("a removed member gets 404 on the next request", async () => {
    const viewer = org.users.viewer;
    expect((await viewer.client.get(orgUrl("/tasks"))).status).toBe(200);
    expect((await org.users.owner.client.delete(membersUrl(viewer.id))).status).toBe(204);
    const shutOut = await viewer.client.get(orgUrl("/tasks"));
    expect(shutOut.status).toBe(404);
    expect(shutOut.body.error.message).toBe(MESSAGES.organizationNotFound);
  });

  it("the creator of a new organization can use it at once", async () => {
    const owner = org.users.owner.client;
    expect((await owner.get(orgUrl("/tasks"))).status).toBe(200);
    const created = await owner.post("/api/organizations", { name: "Second Org" });
    expect(created.status).toBe(201);
    expect((await owner.get(`/api/orgs/${created.body.id}/members`)).status).toBe(200);
  });

  it("signing out ends the session at once", async () => {
    const user = await createUser(t.app);
    expect((await user.client.get("/api/me")).status).toBe(200);
    const sameSession = new TestClient(t.app, { origin: "http://localhost:3000", cookie: user.client.cookieHeader });
    expect((await user.client.post("/api/auth/sign-out")).status).toBe(200);
    const after = await sameSession.get("/api/me");
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe(MESSAGES.notSignedIn);
  });

  it("a password reset ends every session of the account at once", async () => {
    const user = await createUser(t.app);
    const otherDevice = new TestClient(t.app);
    await signIn(otherDevice, user.email, "correct-horse-42");
    expect((await user.client.get("/api/me")).status).toBe(200);
    expect((await otherDevice.get("/api/me")).status).toBe(200);
    await resetPasswordByMail(t.app, mailer, user.email);
    expect((await user.client.get("/api/me")).status).toBe(401);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
  });
});
