import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { getFile } from "../helpers/get-file.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { solidImage } from "../helpers/image-fixtures.ts";
import { putImage } from "../helpers/image-requests.ts";
import { CALLERS, clientOf, type Caller } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let org: OrgWithRoles;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  png = await solidImage("png");
});
afterAll(() => t.close());

// The profile is each user's own: every signed-in user, with any role or none, may use it.
const OWN_ROUTES: { name: string; success: number; call: (client: TestClient) => Promise<{ status: number }> }[] = [
  { name: "GET /api/profile", success: 200, call: (c) => c.get("/api/profile") },
  { name: "PATCH /api/profile", success: 200, call: (c) => c.patch("/api/profile", { displayName: "Someone" }) },
  {
    name: "PUT /api/profile/avatar",
    success: 200,
    call: (c) => putImage(c, "/api/profile/avatar", { fileName: "a.png", data: png }),
  },
  { name: "DELETE /api/profile/avatar", success: 204, call: (c) => c.delete("/api/profile/avatar") },
];

describe.each(OWN_ROUTES)("$name", (route) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const response = await route.call(clientOf(t.app, org, caller));
    expect(response.status).toBe(caller === "signed out" ? 401 : route.success);
  });
});

describe("GET /api/users/:userId/avatar (the editor's)", () => {
  // The editor has an avatar (again: the matrix above removed it) that the others may or may not see.
  beforeAll(async () => {
    await putImage(org.users.editor.client, "/api/profile/avatar", { fileName: "editor.png", data: png });
  });
  const expected: Record<Caller, number> = {
    "signed out": 401,
    outsider: 404,
    viewer: 200,
    editor: 200,
    admin: 200,
    owner: 200,
  };
  it.each(CALLERS)("as %s", async (caller) => {
    const response = await getFile(
      t.app,
      caller === "signed out" ? undefined : clientOf(t.app, org, caller),
      `/api/users/${org.users.editor.id}/avatar`,
    );
    expect(response.status).toBe(expected[caller]);
  });
});

describe("a profile change touches only the caller", () => {
  it("PATCH changes the caller's name, not anyone else's", async () => {
    await org.users.viewer.client.patch("/api/profile", { displayName: "Vera Viewer" });
    const owner = await org.users.owner.client.get("/api/profile");
    expect(owner.body.displayName).not.toBe("Vera Viewer");
  });
});
