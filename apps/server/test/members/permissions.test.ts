import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createOrgWithRoles, createUser, uniqueEmail, type OrgWithRoles } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, type Caller } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// Every members route × every kind of caller (conventions: "Every route gets a permission matrix").
// The target of each change is a fresh viewer, so one case never depends on another.

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

async function freshViewer() {
  const user = await createUser(t.app, { email: uniqueEmail("target") });
  await addMember(t.app, { organizationId: org.organizationId, userId: user.id, role: "viewer" });
  return user.id;
}

const routes: {
  name: string;
  call: (client: TestClient) => Promise<{ status: number }>;
  expected: Record<Caller, number>;
}[] = [
  {
    name: "GET /api/orgs/:orgId/members",
    call: (client) => client.get(`/api/orgs/${org.organizationId}/members`),
    expected: { "signed out": 401, outsider: 404, viewer: 200, editor: 200, admin: 200, owner: 200 },
  },
  {
    name: "PATCH /api/orgs/:orgId/members/:userId",
    call: async (client) =>
      client.patch(`/api/orgs/${org.organizationId}/members/${await freshViewer()}`, { role: "editor" }),
    expected: { "signed out": 401, outsider: 404, viewer: 403, editor: 403, admin: 200, owner: 200 },
  },
  {
    name: "DELETE /api/orgs/:orgId/members/:userId",
    call: async (client) => client.delete(`/api/orgs/${org.organizationId}/members/${await freshViewer()}`),
    expected: { "signed out": 401, outsider: 404, viewer: 403, editor: 403, admin: 204, owner: 204 },
  },
  {
    // The owner in the matrix is the creator; the transfer runs last, so the others meet the creator.
    name: "POST /api/orgs/:orgId/members/:userId/ownership",
    call: async (client) => client.post(`/api/orgs/${org.organizationId}/members/${await freshViewer()}/ownership`, {}),
    expected: { "signed out": 401, outsider: 404, viewer: 403, editor: 403, admin: 403, owner: 200 },
  },
];

describe.each(routes)("$name", ({ call, expected }) => {
  it.each(CALLERS)("answers %s as the matrix says", async (caller) => {
    const response = await call(clientOf(t.app, org, caller));
    expect(response.status).toBe(expected[caller]);
  });
});
