import { ACTIONS, can, deniedMessage, isAction, ROLES } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG_ROUTE_PREFIX } from "../src/lib/scope.ts";
import { createOrgWithRoles, type OrgWithRoles } from "./helpers/factories.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

// Every /api/orgs/:orgId route says what it does; the shared ACTIONS table says who may.

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const orgRoutes = () => t.app.registeredRoutes.filter((route) => route.url.startsWith(ORG_ROUTE_PREFIX));

function concreteUrl(url: string): string {
  return url.replace(":orgId", org.organizationId).replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000");
}

describe("permissions by action", () => {
  it("every organization route declares an action from the table", () => {
    const routes = orgRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const undeclared = routes.filter((route) => !isAction(route.action)).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it("every action in the table is used by a route", () => {
    const used = new Set(orgRoutes().map((route) => route.action));
    expect(Object.keys(ACTIONS).filter((action) => !used.has(action))).toEqual([]);
  });

  it("a member below an action's role gets 403 with its message before the body is validated", async () => {
    let refused = 0;
    for (const route of orgRoutes()) {
      if (!isAction(route.action) || route.method === "HEAD") continue;
      for (const role of ROLES) {
        if (role === "owner" || can(role, route.action)) continue;
        const response = await org.users[role].client.request({
          method: route.method as "POST",
          url: concreteUrl(route.url),
          // A body no route accepts: a member allowed to act would get 400 or 404.
          payload: route.method === "GET" || route.method === "DELETE" ? undefined : { bogus: [1, 2, 3] },
        });
        expect({ route: `${route.method} ${route.url}`, role, status: response.status }).toEqual({
          route: `${route.method} ${route.url}`,
          role,
          status: 403,
        });
        expect((response.body as { error: { message: string } }).error.message).toBe(deniedMessage(route.action));
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(20);
  });
});
