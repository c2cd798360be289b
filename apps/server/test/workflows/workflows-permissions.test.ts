import { MESSAGES } from "@flowdeck/shared";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OrgWithRoles, type RoleName } from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { type TestApp } from "../helpers/test-app.ts";
import { workflowBody, workflowsUrl } from "../helpers/test-data.ts";
import { createAppWithCommands, createWorkflow } from "./workflow-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
let commandIds: string[];
beforeAll(async () => ({ t, org, commandIds } = await createAppWithCommands(["Build", "Ship"], { maker: "owner" })));
afterAll(() => t.close());

type Caller = RoleName | "signed out";
type Route = {
  name: string;
  /** Performs the call as `client`; a fresh workflow is made first where the route needs one. */
  call: (client: TestClient) => Promise<{ status: number; body: any }>;
  /** Status for a member allowed to call it. */
  ok: number;
  /** The lowest role allowed. */
  minimum: "viewer" | "editor";
};

const url = (rest = "") => workflowsUrl(org.organizationId, rest);

async function fresh() {
  return createWorkflow(org.users.owner.client, org.organizationId, commandIds);
}

const routes: Route[] = [
  { name: "GET list", call: (c) => c.get(url()), ok: 200, minimum: "viewer" },
  { name: "GET stats", call: (c) => c.get(url("/stats")), ok: 200, minimum: "viewer" },
  { name: "GET commands", call: (c) => c.get(url("/commands")), ok: 200, minimum: "viewer" },
  { name: "GET one", call: async (c) => c.get(url(`/${(await fresh()).id}`)), ok: 200, minimum: "viewer" },
  { name: "GET history", call: async (c) => c.get(url(`/${(await fresh()).id}/history`)), ok: 200, minimum: "viewer" },
  { name: "POST", call: (c) => c.post(url(), workflowBody(commandIds)), ok: 201, minimum: "editor" },
  {
    name: "PATCH",
    call: async (c) => c.patch(url(`/${(await fresh()).id}`), { name: "Renamed" }),
    ok: 200,
    minimum: "editor",
  },
  { name: "DELETE", call: async (c) => c.delete(url(`/${(await fresh()).id}`)), ok: 200, minimum: "editor" },
  {
    name: "PUT steps/order",
    call: async (c) => {
      const workflow = await fresh();
      return c.put(url(`/${workflow.id}/steps/order`), { stepIds: workflow.steps.map((step) => step.id).reverse() });
    },
    ok: 200,
    minimum: "editor",
  },
  {
    name: "PATCH steps/:stepId",
    call: async (c) => {
      const workflow = await fresh();
      return c.patch(url(`/${workflow.id}/steps/${workflow.steps[0]!.id}`), { status: "completed" });
    },
    ok: 200,
    minimum: "editor",
  },
  {
    name: "POST execute",
    call: async (c) => c.post(url(`/${(await fresh()).id}/execute`), { mode: "checklist" }),
    ok: 201,
    minimum: "editor",
  },
  { name: "POST start", call: async (c) => c.post(url(`/${(await fresh()).id}/start`)), ok: 200, minimum: "editor" },
  {
    name: "POST complete",
    call: async (c) => c.post(url(`/${(await fresh()).id}/complete`)),
    ok: 200,
    minimum: "editor",
  },
];

const callers: Caller[] = ["signed out", "outsider", "viewer", "editor", "admin", "owner"];
const RANK = { viewer: 0, editor: 1, admin: 2, owner: 3 } as const;

function expected(route: Route, caller: Caller) {
  if (caller === "signed out") return { status: 401, code: "unauthenticated", message: MESSAGES.notSignedIn };
  if (caller === "outsider") return { status: 404, code: "not-found", message: MESSAGES.organizationNotFound };
  if (RANK[caller] >= RANK[route.minimum]) return { status: route.ok };
  return { status: 403, code: "permission-denied", message: WORKFLOW_MESSAGES.cannotManage };
}

describe.each(routes)("$name /api/orgs/:orgId/workflows", (route) => {
  it.each(callers)("as %s", async (caller) => {
    const client = caller === "signed out" ? new TestClient(t.app) : org.users[caller].client;
    const response = await route.call(client);
    const want = expected(route, caller);
    expect(response.status, JSON.stringify(response.body)).toBe(want.status);
    if (want.code) expect(response.body).toEqual({ error: { code: want.code, message: want.message } });
  });
});

describe("what a refused change leaves behind", () => {
  it("a viewer's changes and runs change nothing, even with an invalid body", async () => {
    const viewer = org.users.viewer.client;
    const workflow = await fresh();
    const before = (await viewer.get(url(`/${workflow.id}`))).body;
    expect((await viewer.post(url(), { name: "" })).status).toBe(403);
    expect((await viewer.patch(url(`/${workflow.id}`), { name: "" })).status).toBe(403);
    expect((await viewer.post(url(`/${workflow.id}/execute`))).status).toBe(403);
    expect((await viewer.post(url(`/${workflow.id}/complete`))).status).toBe(403);
    expect((await viewer.put(url(`/${workflow.id}/steps/order`), { stepIds: "x" })).status).toBe(403);
    expect((await viewer.delete(url(`/${workflow.id}`))).status).toBe(403);
    expect((await viewer.get(url(`/${workflow.id}`))).body).toEqual(before);
  });

  it("an outsider cannot reach the organization's workflows through their own organization's path", async () => {
    const workflow = await fresh();
    const outsider = org.users.outsider.client;
    const ownPath = workflowsUrl(org.otherOrganizationId, `/${workflow.id}`);
    expect((await outsider.get(ownPath)).status).toBe(404);
    expect((await outsider.get(`${ownPath}/history`)).status).toBe(404);
    expect((await outsider.patch(ownPath, { name: "Stolen" })).status).toBe(404);
    expect((await outsider.post(`${ownPath}/execute`)).status).toBe(404);
    expect((await outsider.patch(`${ownPath}/steps/${workflow.steps[0]!.id}`, { status: "completed" })).status).toBe(
      404,
    );
    expect((await outsider.delete(ownPath)).status).toBe(404);
    // Nor use its commands in a workflow of their own.
    const theirs = await outsider.post(workflowsUrl(org.otherOrganizationId), workflowBody(commandIds));
    expect(theirs.status).toBe(400);
    expect((await org.users.viewer.client.get(url(`/${workflow.id}`))).body.name).toBe(workflow.name);
  });
});
