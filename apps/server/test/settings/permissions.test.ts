import { MESSAGES } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { getFile } from "../helpers/get-file.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { solidImage } from "../helpers/image-fixtures.ts";
import { putImage } from "../helpers/image-requests.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { logoUrl, settingsUrl } from "./settings-urls.ts";

let t: TestApp;
let org: OrgWithRoles;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  png = await solidImage("png");
});
afterAll(() => t.close());

type Route = {
  name: string;
  /** The lowest role allowed: members read, admins change. */
  minimum: "viewer" | "admin";
  success: number;
  call: (client: TestClient, orgId: string) => Promise<{ status: number; body?: any }>;
};

const ROUTES: Route[] = [
  { name: "GET settings", minimum: "viewer", success: 200, call: (c, o) => c.get(settingsUrl(o)) },
  {
    name: "PATCH settings",
    minimum: "admin",
    success: 200,
    call: (c, o) => c.patch(settingsUrl(o), { name: "Acme Operations", timezone: "Europe/London" }),
  },
  {
    name: "PUT logo",
    minimum: "admin",
    success: 200,
    call: (c, o) => putImage(c, logoUrl(o), { fileName: "logo.png", data: png }),
  },
  { name: "DELETE logo", minimum: "admin", success: 204, call: (c, o) => c.delete(logoUrl(o)) },
  {
    name: "GET logo",
    minimum: "viewer",
    success: 200,
    call: async (c, o) => {
      // There must be a logo to see: the owner puts one up first.
      await putImage(org.users.owner.client, logoUrl(o), { fileName: "logo.png", data: png });
      return getFile(t.app, c, logoUrl(o));
    },
  },
];

describe.each(ROUTES)("$name", (route) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const response = await route.call(clientOf(t.app, org, caller), org.organizationId);
    const status = expectedStatus(caller, route);
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body.error.message).toBe(MESSAGES.cannotUpdateOrganization);
  });
});

describe("refusals leave nothing behind", () => {
  it("an editor's save changes nothing and a viewer's logo is never read", async () => {
    const before = (await org.users.owner.client.get(settingsUrl(org.organizationId))).body;
    await org.users.editor.client.patch(settingsUrl(org.organizationId), { name: "Hijacked", timezone: "Asia/Tokyo" });
    // Even an invalid body is refused for the role first, not for its content.
    const invalid = await org.users.viewer.client.patch(settingsUrl(org.organizationId), { name: "" });
    expect(invalid.status).toBe(403);
    const after = (await org.users.owner.client.get(settingsUrl(org.organizationId))).body;
    expect(after).toEqual(before);
  });

  it("an outsider cannot reach the organization through their own organization's id either", async () => {
    const response = await org.users.outsider.client.get(settingsUrl(org.otherOrganizationId));
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(org.otherOrganizationId);
    expect(response.body.name).toBe("Other Org");
  });
});
