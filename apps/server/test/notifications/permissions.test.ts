import { NOTIFICATION_MESSAGES } from "@flowdeck/shared/notifications/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createRule, deliveriesUrl, muteUrl, ruleBody, rulesUrl } from "./support.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

type Route = {
  name: string;
  minimum: "viewer" | "admin";
  success: number;
  call: (client: TestClient, orgId: string) => Promise<{ status: number; body?: any }>;
};

/** A fresh rule of the organization, made by its owner, for routes that change or delete one. */
const ownersRule = async (orgId: string) => (await createRule(org.users.owner.client, orgId)).id;

const ROUTES: Route[] = [
  { name: "GET rules", minimum: "admin", success: 200, call: (c, o) => c.get(rulesUrl(o)) },
  { name: "POST rules", minimum: "admin", success: 201, call: (c, o) => c.post(rulesUrl(o), ruleBody()) },
  {
    name: "PUT rule",
    minimum: "admin",
    success: 200,
    call: async (c, o) => c.put(rulesUrl(o, `/${await ownersRule(o)}`), ruleBody({ name: "Renamed" })),
  },
  {
    name: "DELETE rule",
    minimum: "admin",
    success: 204,
    call: async (c, o) => c.delete(rulesUrl(o, `/${await ownersRule(o)}`)),
  },
  {
    name: "POST rule test",
    minimum: "admin",
    success: 202,
    call: async (c, o) => c.post(rulesUrl(o, `/${await ownersRule(o)}/test`)),
  },
  { name: "GET deliveries", minimum: "admin", success: 200, call: (c, o) => c.get(deliveriesUrl(o)) },
  { name: "PUT mute", minimum: "viewer", success: 200, call: (c, o) => c.put(muteUrl(o), { muted: false }) },
];

describe.each(ROUTES)("$name", (route) => {
  it.each(CALLERS)("as %s", async (caller) => {
    // The outsider's own organization must not lend them a rule either: rules are made in `org`.
    const response = await route.call(clientOf(t.app, org, caller), org.organizationId);
    const status = expectedStatus(caller, route);
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body.error.message).toBe(NOTIFICATION_MESSAGES.cannotManage);
    if (status === 404) expect(JSON.stringify(response.body)).not.toContain("On-call");
  });
});

describe("another organization's rules", () => {
  it("are not found through the outsider's own organization either", async () => {
    const ruleId = await ownersRule(org.organizationId);
    const outsider = org.users.outsider.client;
    const own = org.otherOrganizationId;
    expect((await outsider.put(rulesUrl(own, `/${ruleId}`), ruleBody())).status).toBe(404);
    expect((await outsider.delete(rulesUrl(own, `/${ruleId}`))).status).toBe(404);
    expect((await outsider.post(rulesUrl(own, `/${ruleId}/test`))).status).toBe(404);
    expect((await outsider.get(rulesUrl(own))).body.items).toEqual([]);
  });

  it("lists each signed-in user's organizations on the profile, signed out gets 401", async () => {
    const listed = await org.users.viewer.client.get("/api/profile/notification-mutes");
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      { organizationId: org.organizationId, organizationName: "Acme Operations", muted: false },
    ]);
    expect((await clientOf(t.app, org, "signed out").get("/api/profile/notification-mutes")).status).toBe(401);
  });
});
