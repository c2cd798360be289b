import { roleRank } from "@flowdeck/shared";
import { API_TOKEN_ROLES } from "@flowdeck/shared/api-tokens/schemas";
import { SECRET_MESSAGES } from "@flowdeck/shared/secrets/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus, type MatrixRoute } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// Every secrets route × every kind of caller, and an API token of each role: editors read names,
// admins (and admin tokens) manage; viewers see nothing; another organization sees 404.

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  await org.users.owner.client.put(secrets("/OURS_ONLY"), { value: "ours-only-value!", description: "Ours" });
});
afterAll(() => t.close());

const secrets = (rest = "") => `/api/orgs/${org.organizationId}/secrets${rest}`;
let counter = 0;
const freshName = () => `SECRET_${++counter}`;

const ROUTES: MatrixRoute[] = [
  {
    name: "GET secrets",
    minimum: "editor",
    success: 200,
    denied: SECRET_MESSAGES.cannotRead,
    call: (c) => c.get(secrets()),
  },
  {
    name: "PUT secret",
    minimum: "admin",
    success: 201,
    denied: SECRET_MESSAGES.cannotManage,
    call: (c) => c.put(secrets(`/${freshName()}`), { value: "a-new-value!" }),
  },
  {
    name: "DELETE secret",
    minimum: "admin",
    success: 204,
    denied: SECRET_MESSAGES.cannotManage,
    call: async (c) => {
      const name = freshName();
      await org.users.owner.client.put(secrets(`/${name}`), { value: "to-be-deleted!" });
      return c.delete(secrets(`/${name}`));
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
    const outsider = org.users.outsider;
    const { token } = await createApiToken(outsider.client, org.otherOrganizationId, { role: "admin" });
    const response = await route.call(bearerClient(t.app, token));
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).not.toContain("OURS_ONLY");
  });
});

describe("what each caller sees of the list", () => {
  it("an editor sees names and descriptions; the outsider's own list holds nothing of ours", async () => {
    const editor = await org.users.editor.client.get(secrets());
    expect(editor.body.items.map((item: { name: string }) => item.name)).toContain("OURS_ONLY");
    const theirs = await org.users.outsider.client.get(`/api/orgs/${org.otherOrganizationId}/secrets`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.items).toEqual([]);
  });
});
