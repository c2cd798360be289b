import { FREEZE_WINDOW_MESSAGES } from "@flowdeck/shared/freeze-windows/messages";
import { afterAll, beforeAll } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import type { MatrixRoute } from "../helpers/permission-matrix.ts";
import { describeRouteMatrix } from "../helpers/route-matrix.ts";
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

describeRouteMatrix(() => ({ app: t.app, org }), ROUTES, "OURS_ONLY");
