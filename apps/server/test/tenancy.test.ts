import { randomUUID } from "node:crypto";
import { INITIAL_CREDITS, MESSAGES } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createUser, type OrgWithRoles, type RoleName } from "./helpers/factories.ts";
import { TestClient } from "./helpers/http-client.ts";
import { EventStream, baseUrlOf } from "./helpers/sse-client.ts";
import { createAppWithRoles, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => ({ t, org } = await createAppWithRoles({ listen: true })));
afterAll(() => t.close());

/** GET /api/orgs/:orgId/events over real HTTP; the stream is closed before returning. */
async function openEvents(orgId: string, client?: TestClient) {
  const stream = await EventStream.open(`${baseUrlOf(t.app)}/api/orgs/${orgId}/events`, client);
  try {
    const contentType = stream.response.headers.get("content-type");
    const body: unknown = stream.status === 200 ? await stream.next() : await stream.response.json();
    return { status: stream.status, contentType, body };
  } finally {
    stream.close();
  }
}

describe("the membership guard on /api/orgs/:orgId/...", () => {
  it("answers 401 to a signed-out request", async () => {
    const response = await openEvents(org.organizationId);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { code: "unauthenticated", message: MESSAGES.notSignedIn } });
  });

  it("answers 404 'Organization not found' to a member of another organization", async () => {
    const response = await openEvents(org.organizationId, org.users.outsider.client);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: "not-found", message: MESSAGES.organizationNotFound } });
  });

  it("gives an outsider the same answer for an organization that does not exist", async () => {
    const existing = await openEvents(org.organizationId, org.users.outsider.client);
    for (const id of [randomUUID(), "no-such-organization"]) {
      const missing = await openEvents(id, org.users.outsider.client);
      expect({ status: missing.status, body: missing.body }).toEqual({ status: existing.status, body: existing.body });
    }
  });

  it.each<RoleName>(["owner", "admin", "editor", "viewer"])("lets a %s in", async (role) => {
    const response = await openEvents(org.organizationId, org.users[role].client);
    expect(response.status).toBe(200);
    expect(response.contentType).toMatch(/^text\/event-stream/);
    expect(response.body).toEqual(expect.objectContaining({ retry: 3000, comments: ["connected"] }));
  });

  it("lets in a member who was given no role", async () => {
    const member = await createUser(t.app);
    await addMember(t.app, { organizationId: org.organizationId, userId: member.id, role: null });
    expect((await openEvents(org.organizationId, member.client)).status).toBe(200);
  });

  it("shuts a member out once the membership is gone", async () => {
    const member = await createUser(t.app);
    await addMember(t.app, { organizationId: org.organizationId, userId: member.id, role: "editor" });
    expect((await openEvents(org.organizationId, member.client)).status).toBe(200);
    // The membership is cached with the session; removing the member ends that cache at once.
    const removed = await org.users.owner.client.delete(`/api/orgs/${org.organizationId}/members/${member.id}`);
    expect(removed.status).toBe(204);
    expect((await openEvents(org.organizationId, member.client)).status).toBe(404);
  });
});

describe("GET /api/me", () => {
  it("answers 401 when signed out", async () => {
    const response = await new TestClient(t.app).get("/api/me");
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { code: "unauthenticated", message: MESSAGES.notSignedIn } });
  });

  it("lists only the user's own organizations, with their role", async () => {
    const me = await org.users.editor.client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual(expect.objectContaining({ id: org.users.editor.id, email: org.users.editor.email }));
    expect(me.body.organizations).toEqual([
      expect.objectContaining({ id: org.organizationId, role: "editor", credits: INITIAL_CREDITS }),
    ]);
  });
});

describe("PUT /api/me/current-organization", () => {
  it("refuses an organization the user is not a member of, and keeps the current one", async () => {
    const viewer = org.users.viewer.client;
    const before = await viewer.get("/api/me");
    for (const organizationId of [org.otherOrganizationId, randomUUID()]) {
      const response = await viewer.put("/api/me/current-organization", { organizationId });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: { code: "permission-denied", message: MESSAGES.noOrganizationAccess },
      });
    }
    expect((await viewer.get("/api/me")).body.user.currentOrgId).toBe(before.body.user.currentOrgId);
  });

  it("switches to an organization the user belongs to", async () => {
    const admin = org.users.admin.client;
    expect((await admin.get("/api/me")).body.user.currentOrgId).not.toBe(org.organizationId);
    const response = await admin.put("/api/me/current-organization", { organizationId: org.organizationId });
    expect(response.status).toBe(200);
    expect(response.body.user.currentOrgId).toBe(org.organizationId);
    expect((await admin.get("/api/me")).body.user.currentOrgId).toBe(org.organizationId);
  });

  it("switches between two organizations of the same user", async () => {
    const owner = org.users.owner.client;
    const second = await owner.post("/api/organizations", { name: "Second" });
    expect((await owner.get("/api/me")).body.user.currentOrgId).toBe(second.body.id);
    const back = await owner.put("/api/me/current-organization", { organizationId: org.organizationId });
    expect(back.body.user.currentOrgId).toBe(org.organizationId);
  });

  it("needs an organization id", async () => {
    const response = await org.users.admin.client.put("/api/me/current-organization", {});
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid-argument");
  });
});

describe("POST /api/organizations", () => {
  it("creates it with the trimmed name, the creator as owner with 100 credits, and makes it current", async () => {
    const user = await createUser(t.app);
    const created = await user.client.post("/api/organizations", { name: "  Night Shift  " });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: "Night Shift" });

    const me = await user.client.get("/api/me");
    expect(me.body.organizations).toEqual([
      expect.objectContaining({ id: created.body.id, name: "Night Shift", role: "owner", credits: 100 }),
    ]);
    expect(me.body.user.currentOrgId).toBe(created.body.id);
    // And the guard now lets the creator into it.
    expect((await openEvents(created.body.id, user.client)).status).toBe(200);
  });

  it.each([{ name: "" }, { name: "   " }, {}, { name: 42 }])("refuses %j with the spec's text", async (body) => {
    const user = await createUser(t.app);
    const response = await user.client.post("/api/organizations", body);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual(
      expect.objectContaining({ code: "invalid-argument", message: MESSAGES.organizationNameRequired }),
    );
    expect((await user.client.get("/api/me")).body.organizations).toEqual([]);
  });

  it("answers 401 when signed out", async () => {
    const response = await new TestClient(t.app).post("/api/organizations", { name: "Nobody's" });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("unauthenticated");
  });
});
