import { MESSAGES } from "@flowdeck/shared";
import { TASK_MESSAGES } from "@flowdeck/shared/tasks/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus, type Caller } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { taskBody, tasksUrl } from "../helpers/test-data.ts";
import { createTask } from "./task-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

type Route = {
  name: string;
  /** Performs the call as `client`; a fresh task is made first where the route needs one. */
  call: (client: TestClient) => Promise<{ status: number; body: any }>;
  /** Status for a member allowed to call it. */
  ok: number;
  /** The lowest role allowed. */
  minimum: "viewer" | "editor";
};

async function freshTaskUrl() {
  const task = await createTask(org.users.owner.client, org.organizationId);
  return tasksUrl(org.organizationId, `/${task.id}`);
}

const routes: Route[] = [
  { name: "GET list", call: (c) => c.get(tasksUrl(org.organizationId)), ok: 200, minimum: "viewer" },
  { name: "GET stats", call: (c) => c.get(tasksUrl(org.organizationId, "/stats")), ok: 200, minimum: "viewer" },
  { name: "GET one", call: async (c) => c.get(await freshTaskUrl()), ok: 200, minimum: "viewer" },
  { name: "POST", call: (c) => c.post(tasksUrl(org.organizationId), taskBody()), ok: 201, minimum: "editor" },
  { name: "PATCH", call: async (c) => c.patch(await freshTaskUrl(), { name: "Renamed" }), ok: 200, minimum: "editor" },
  { name: "DELETE", call: async (c) => c.delete(await freshTaskUrl()), ok: 200, minimum: "editor" },
];

function expected(route: Route, caller: Caller) {
  const status = expectedStatus(caller, { minimum: route.minimum, success: route.ok });
  if (status === 401) return { status, code: "unauthenticated", message: MESSAGES.notSignedIn };
  if (status === 404) return { status, code: "not-found", message: MESSAGES.organizationNotFound };
  if (status === 403) return { status, code: "permission-denied", message: TASK_MESSAGES.cannotManage };
  return { status };
}

describe.each(routes)("$name /api/orgs/:orgId/tasks", (route) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const response = await route.call(clientOf(t.app, org, caller));
    const want = expected(route, caller);
    expect(response.status).toBe(want.status);
    if (want.code) expect(response.body).toEqual({ error: { code: want.code, message: want.message } });
  });
});

describe("what a refused change leaves behind", () => {
  it("a viewer's create, update and delete change nothing, even with an invalid body", async () => {
    const viewer = org.users.viewer.client;
    const url = await freshTaskUrl();
    const before = (await viewer.get(url)).body;
    // Refused before the body is read: a viewer learns nothing from validation.
    expect((await viewer.post(tasksUrl(org.organizationId), { name: "" })).status).toBe(403);
    expect((await viewer.patch(url, { name: "" })).status).toBe(403);
    expect((await viewer.patch(url, { name: "Mine now" })).status).toBe(403);
    expect((await viewer.delete(url)).status).toBe(403);
    expect((await viewer.get(url)).body).toEqual(before);
  });

  it("an outsider cannot reach the organization's tasks through their own organization's path", async () => {
    const url = await freshTaskUrl();
    const taskId = url.split("/").at(-1);
    const outsider = org.users.outsider.client;
    const ownPath = tasksUrl(org.otherOrganizationId, `/${taskId}`);
    expect((await outsider.get(ownPath)).status).toBe(404);
    expect((await outsider.patch(ownPath, { name: "Stolen" })).status).toBe(404);
    expect((await outsider.delete(ownPath)).status).toBe(404);
    expect((await org.users.viewer.client.get(url)).body.name).toBe(taskBody().name);
  });
});
