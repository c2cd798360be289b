import { roleRank } from "@flowdeck/shared";
import { API_TOKEN_ROLES } from "@flowdeck/shared/api-tokens/schemas";
import { FREEZE_WINDOW_MESSAGES } from "@flowdeck/shared/freeze-windows/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus, type MatrixRoute } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// Every freeze-window route × every kind of caller, and an API token of each role: admins and
// owners (and admin tokens) manage them; editors and viewers are refused; another organization
// sees 404 and nothing of ours.

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  await org.users.owner.client.post(windows(), {
    reason: "OURS_ONLY release week",
    weekly: { days: [5], from: "16:00", to: "23:00" },
  });
});
afterAll(() => t.close());

const windows = (rest = "") => `/api/orgs/${org.organizationId}/freeze-windows${rest}`;
const oneOff = { reason: "Quarter close", startsAt: "2027-03-30T00:00:00Z", endsAt: "2027-04-01T00:00:00Z" };

const ROUTES: MatrixRoute[] = [
  {
    name: "GET freeze windows",
    minimum: "admin",
    success: 200,
    denied: FREEZE_WINDOW_MESSAGES.cannotManage,
    call: (c) => c.get(windows()),
  },
  {
    name: "POST freeze window",
    minimum: "admin",
    success: 201,
    denied: FREEZE_WINDOW_MESSAGES.cannotManage,
    call: (c) => c.post(windows(), oneOff),
  },
  {
    name: "DELETE freeze window",
    minimum: "admin",
    success: 204,
    denied: FREEZE_WINDOW_MESSAGES.cannotManage,
    call: async (c) => {
      const created = await org.users.owner.client.post(windows(), oneOff);
      return c.delete(windows(`/${created.body.id}`));
    },
  },
];

describe.each(ROUTES)("$name", (route) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const response = await route.call(clientOf(t.app, org, caller));
    const status = expectedStatus(caller, route);
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body.error.message).toBe(route.denied);
    if (status >= 400) expect(JSON.stringify(response.body ?? "")).not.toContain("OURS_ONLY");
  });

  it.each(API_TOKEN_ROLES)("with an API token of the %s role", async (role) => {
    const { token } = await createApiToken(org.users.owner.client, org.organizationId, { name: `CI ${role}`, role });
    const response = await route.call(bearerClient(t.app, token));
    const allowed = roleRank(role) >= roleRank(route.minimum);
    expect(response.status).toBe(allowed ? route.success : 403);
    if (!allowed) expect(response.body.error.message).toBe(route.denied);
  });

  it("with an admin token of another organization: 404, nothing of ours", async () => {
    const { token } = await createApiToken(org.users.outsider.client, org.otherOrganizationId, { role: "admin" });
    const response = await route.call(bearerClient(t.app, token));
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).not.toContain("OURS_ONLY");
  });
});
