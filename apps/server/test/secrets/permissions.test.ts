import { SECRET_MESSAGES } from "@flowdeck/shared/secrets/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import type { MatrixRoute } from "../helpers/permission-matrix.ts";
import { describeRouteMatrix } from "../helpers/route-matrix.ts";
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

describeRouteMatrix(() => ({ app: t.app, org }), ROUTES, "OURS_ONLY");

describe("what each caller sees of the list", () => {
  it("an editor sees names and descriptions; the outsider's own list holds nothing of ours", async () => {
    const editor = await org.users.editor.client.get(secrets());
    expect(editor.body.items.map((item: { name: string }) => item.name)).toContain("OURS_ONLY");
    const theirs = await org.users.outsider.client.get(`/api/orgs/${org.otherOrganizationId}/secrets`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.items).toEqual([]);
  });
});
