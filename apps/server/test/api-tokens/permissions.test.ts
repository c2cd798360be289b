import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { bearerClient, type TestClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createApiToken, tokensUrl } from "./token-factory.ts";

// Every API-token route × every kind of caller, and the same routes called with a token: managing
// tokens is for people only.

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const routes: { name: string; success: number; call: (client: TestClient) => Promise<{ status: number }> }[] = [
  {
    name: "GET /api/orgs/:orgId/api-tokens",
    success: 200,
    call: (client) => client.get(tokensUrl(org.organizationId)),
  },
  {
    name: "POST /api/orgs/:orgId/api-tokens",
    success: 201,
    call: (client) =>
      client.post(tokensUrl(org.organizationId), { name: "Deploy", role: "viewer", expiresInDays: null }),
  },
  {
    name: "DELETE /api/orgs/:orgId/api-tokens/:tokenId",
    success: 204,
    call: async (client) => {
      const { id } = await createApiToken(org.users.owner.client, org.organizationId);
      return client.delete(tokensUrl(org.organizationId, `/${id}`));
    },
  },
];

describe.each(routes)("$name", ({ call, success }) => {
  it.each(CALLERS)("answers %s as the matrix says", async (caller) => {
    const response = await call(clientOf(t.app, org, caller));
    expect(response.status).toBe(expectedStatus(caller, { minimum: "admin", success }));
  });

  it("refuses an admin token: tokens cannot manage tokens", async () => {
    const { token } = await createApiToken(org.users.owner.client, org.organizationId, { role: "admin" });
    const response = await call(bearerClient(t.app, token));
    expect(response.status).toBe(403);
  });
});
