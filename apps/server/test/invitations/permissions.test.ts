import type { Mail, Mailer } from "../../src/lib/mailer.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, registerOwner, uniqueEmail, type OrgWithRoles } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, type Caller } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { insertInvitation } from "../members/support.ts";

// Every invitations route × every kind of caller. Mail is captured in memory here; the real SMTP
// path is tested in invitations.test.ts.

const sent: Mail[] = [];
const mailer: Mailer = { send: async (mail) => void sent.push(mail) };

let t: TestApp;
let org: OrgWithRoles;
/** A third organization whose invitations are addressed to each caller, for accept and decline. */
let elsewhere: { organizationId: string };
beforeAll(async () => {
  t = await createTestApp({ mailer });
  org = await createOrgWithRoles(t.app);
  elsewhere = await registerOwner(t.app, { organizationName: "Elsewhere" });
});
afterAll(() => t.close());

function emailOf(caller: Caller): string {
  return caller === "signed out" ? uniqueEmail("nobody") : org.users[caller].email;
}

const freshInvitation = () => insertInvitation(t.app, { organizationId: org.organizationId, email: uniqueEmail() });
const invitationFor = (caller: Caller) =>
  insertInvitation(t.app, { organizationId: elsewhere.organizationId, email: emailOf(caller) });

const routes: {
  name: string;
  call: (client: TestClient, caller: Caller) => Promise<{ status: number }>;
  expected: Record<Caller, number>;
}[] = [
  {
    name: "GET /api/orgs/:orgId/invitations",
    call: (client) => client.get(`/api/orgs/${org.organizationId}/invitations`),
    expected: { "signed out": 401, outsider: 404, viewer: 403, editor: 403, admin: 200, owner: 200 },
  },
  {
    name: "POST /api/orgs/:orgId/invitations",
    call: (client) => client.post(`/api/orgs/${org.organizationId}/invitations`, { email: uniqueEmail() }),
    expected: { "signed out": 401, outsider: 404, viewer: 403, editor: 403, admin: 201, owner: 201 },
  },
  {
    name: "POST /api/orgs/:orgId/invitations/:id/resend",
    call: async (client) =>
      client.post(`/api/orgs/${org.organizationId}/invitations/${(await freshInvitation()).id}/resend`),
    expected: { "signed out": 401, outsider: 404, viewer: 403, editor: 403, admin: 200, owner: 200 },
  },
  {
    name: "DELETE /api/orgs/:orgId/invitations/:id",
    call: async (client) =>
      client.delete(`/api/orgs/${org.organizationId}/invitations/${(await freshInvitation()).id}`),
    expected: { "signed out": 401, outsider: 404, viewer: 403, editor: 403, admin: 204, owner: 204 },
  },
  {
    name: "GET /api/invitations/:code (public)",
    call: async (client) => client.get(`/api/invitations/${(await freshInvitation()).code}`),
    expected: { "signed out": 200, outsider: 200, viewer: 200, editor: 200, admin: 200, owner: 200 },
  },
  {
    name: "POST /api/invitations/:code/accept (addressed to the caller)",
    call: async (client, caller) => client.post(`/api/invitations/${(await invitationFor(caller)).code}/accept`),
    expected: { "signed out": 401, outsider: 200, viewer: 200, editor: 200, admin: 200, owner: 200 },
  },
  {
    name: "POST /api/invitations/:code/accept (addressed to someone else)",
    call: async (client) => client.post(`/api/invitations/${(await freshInvitation()).code}/accept`),
    expected: { "signed out": 401, outsider: 403, viewer: 403, editor: 403, admin: 403, owner: 403 },
  },
  {
    name: "POST /api/invitations/:code/decline (addressed to the caller)",
    call: async (client, caller) => client.post(`/api/invitations/${(await invitationFor(caller)).code}/decline`),
    expected: { "signed out": 401, outsider: 204, viewer: 204, editor: 204, admin: 204, owner: 204 },
  },
  {
    name: "POST /api/invitations/:code/decline (addressed to someone else)",
    call: async (client) => client.post(`/api/invitations/${(await freshInvitation()).code}/decline`),
    expected: { "signed out": 401, outsider: 403, viewer: 403, editor: 403, admin: 403, owner: 403 },
  },
];

describe.each(routes)("$name", ({ call, expected }) => {
  it.each(CALLERS)("answers %s as the matrix says", async (caller) => {
    const response = await call(clientOf(t.app, org, caller), caller);
    expect(response.status).toBe(expected[caller]);
  });
});

describe("the matrix's mail", () => {
  it("went out for every invitation that was sent or resent", () => {
    // 2 sends (admin, owner) and 2 resends (admin, owner).
    expect(sent).toHaveLength(4);
  });
});
