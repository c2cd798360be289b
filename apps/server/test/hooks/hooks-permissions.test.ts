import { HOOK_MESSAGES } from "@flowdeck/shared/hooks/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import type { MatrixRoute } from "../helpers/permission-matrix.ts";
import { describeRouteMatrix } from "../helpers/route-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createHook, createParameterWorkflow } from "./hook-client.ts";

// Every webhook route × every kind of caller and an API token of each role: editors and above list,
// create, rotate and revoke; viewers see nothing; tokens may list (editor tokens and up) but never
// mint a webhook's secrets; another organization sees 404.

let t: TestApp;
let org: OrgWithRoles;
let workflowId = "";
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  workflowId = (await createParameterWorkflow(org.users.owner.client, org.organizationId)).id;
  await createHook(org.users.owner.client, org.organizationId, workflowId, { name: "OURS_ONLY", signature: "github" });
});
afterAll(() => t.close());

const hooks = (rest = "", ofWorkflow = workflowId) =>
  `/api/orgs/${org.organizationId}/workflows/${ofWorkflow}/hooks${rest}`;
/** A hook on a workflow of its own (a workflow keeps at most 20 active hooks). */
async function freshHook() {
  const owner = org.users.owner.client;
  const workflow = await createParameterWorkflow(owner, org.organizationId, "Fresh");
  const hook = await createHook(owner, org.organizationId, workflow.id, { name: "Fresh", signature: "none" });
  return { workflowId: workflow.id, hookId: hook.id };
}

const ROUTES: (MatrixRoute & { tokens: boolean })[] = [
  {
    name: "GET hooks",
    minimum: "editor",
    success: 200,
    tokens: true,
    denied: HOOK_MESSAGES.cannotManage,
    call: (c) => c.get(hooks()),
  },
  {
    name: "POST hook",
    minimum: "editor",
    success: 201,
    tokens: false,
    denied: HOOK_MESSAGES.cannotManage,
    call: (c) => c.post(hooks(), { name: "New", signature: "flowdeck", parameters: { git_ref: "/ref" } }),
  },
  {
    name: "POST rotate",
    minimum: "editor",
    success: 200,
    tokens: false,
    denied: HOOK_MESSAGES.cannotManage,
    call: async (c) => {
      const fresh = await freshHook();
      return c.post(hooks(`/${fresh.hookId}/rotate`, fresh.workflowId));
    },
  },
  {
    name: "DELETE hook",
    minimum: "editor",
    success: 204,
    tokens: false,
    denied: HOOK_MESSAGES.cannotManage,
    call: async (c) => {
      const fresh = await freshHook();
      return c.delete(hooks(`/${fresh.hookId}`, fresh.workflowId));
    },
  },
];

describeRouteMatrix(() => ({ app: t.app, org }), ROUTES, "OURS_ONLY");

describe("a hook of another workflow or organization", () => {
  it("is not found through this workflow's routes, and a mapping must name the workflow's parameters", async () => {
    const other = await createParameterWorkflow(org.users.owner.client, org.organizationId, "Other");
    const { hookId: id } = await freshHook();
    const owner = org.users.owner.client;
    const base = `/api/orgs/${org.organizationId}/workflows/${other.id}/hooks`;
    expect((await owner.post(`${base}/${id}/rotate`)).status).toBe(404);
    expect((await owner.delete(`${base}/${id}`)).status).toBe(404);
    const unknown = await owner.post(base, { name: "x", parameters: { branch: "/ref" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ "parameters.branch": HOOK_MESSAGES.notAParameter("branch") });
    const badPointer = await owner.post(base, { name: "x", parameters: { git_ref: "ref" } });
    expect(badPointer.status).toBe(400);
    expect(badPointer.body.error.message).toBe(HOOK_MESSAGES.pointerInvalid);
  });
});
