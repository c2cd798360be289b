import type { Role } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const ROUTES: { name: string; minimum: Role; success: number; send: (url: string) => [string, string, unknown?] }[] = [
  { name: "GET audit", minimum: "admin", success: 200, send: (base) => ["GET", `${base}/audit`] },
  { name: "GET audit.csv", minimum: "admin", success: 200, send: (base) => ["GET", `${base}/audit.csv`] },
  { name: "GET audit/retention", minimum: "admin", success: 200, send: (base) => ["GET", `${base}/audit/retention`] },
  {
    name: "PUT audit/retention",
    minimum: "owner",
    success: 200,
    send: (base) => ["PUT", `${base}/audit/retention`, { days: 400 }],
  },
];

describe("who reads the audit log", () => {
  for (const route of ROUTES) {
    it.each(CALLERS)(`${route.name}: %s`, async (caller) => {
      const [method, url, body] = route.send(`/api/orgs/${org.organizationId}`);
      const response = await clientOf(t.app, org, caller).request<any>({
        method: method as "GET" | "PUT",
        url,
        ...(body ? { payload: body as object } : {}),
      });
      expect(response.status).toBe(expectedStatus(caller, route));
      // Another organization's member learns nothing of this one's log.
      if (caller === "outsider") expect(JSON.stringify(response.body)).not.toContain(org.users.owner.email);
    });
  }

  it("shows a member of another organization none of this one's rows in their own log", async () => {
    const outsider = org.users.outsider.client;
    const own = await outsider.get(`/api/orgs/${org.otherOrganizationId}/audit`);
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.body)).not.toContain(org.organizationId);
  });
});
