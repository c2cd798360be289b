import { MESSAGES } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { solidImage } from "./image-fixtures.ts";
import { getImage, logoUrl, putImage, settingsUrl } from "./image-requests.ts";

let t: TestApp;
let org: OrgWithRoles;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  png = await solidImage("png");
});
afterAll(() => t.close());

type Caller = "signed out" | "outsider" | "viewer" | "editor" | "admin" | "owner";
const CALLERS: Caller[] = ["signed out", "outsider", "viewer", "editor", "admin", "owner"];

function clientOf(caller: Caller): TestClient {
  return caller === "signed out" ? new TestClient(t.app) : org.users[caller].client;
}

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
      return getImage(t.app, c, logoUrl(o));
    },
  },
];

const RANK = { viewer: 0, editor: 1, admin: 2, owner: 3 } as const;

describe.each(ROUTES)("$name", (route) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const response = await route.call(clientOf(caller), org.organizationId);
    if (caller === "signed out") {
      expect(response.status).toBe(401);
    } else if (caller === "outsider") {
      // Another tenant's organization does not exist for them.
      expect(response.status).toBe(404);
    } else if (RANK[caller] >= RANK[route.minimum]) {
      expect(response.status).toBe(route.success);
    } else {
      expect(response.status).toBe(403);
      expect(response.body.error.message).toBe(MESSAGES.cannotUpdateOrganization);
    }
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
