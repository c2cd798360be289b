import { INVITABLE_ROLES } from "@flowdeck/shared";
import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import { APPROVAL_MESSAGES } from "@flowdeck/shared/runs/messages";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { addMember, createUser, type TestUser } from "../helpers/factories.ts";
import { bearerClient, type TestClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus, type MatrixRoute } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow } from "../runners/runner-client.ts";
import { askForRun, createApprovalOrg, createGatedWorkflow, orgUrl, runUrl } from "./support.ts";

let t: TestApp;
let org: Awaited<ReturnType<typeof createApprovalOrg>>;
/** Asks for every run here, so each caller is someone else. */
let asker: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  org = await createApprovalOrg(t.app);
  asker = await createUser(t.app);
  await addMember(t.app, { organizationId: org.organizationId, userId: asker.id, role: "editor" });
});
afterAll(() => t.close());

const orgId = () => org.organizationId;
const owner = () => org.users.owner.client;

/** A run awaiting approval that any member may approve (minimum role viewer). */
async function awaitingRun() {
  const workflow = await createGatedWorkflow(owner(), orgId(), { minRole: "viewer" });
  return (await askForRun(asker.client, orgId(), workflow.id)).id;
}

const routes: MatrixRoute[] = [
  {
    name: "POST runs/:runId/approve",
    minimum: "viewer",
    success: 200,
    denied: API_TOKEN_MESSAGES.peopleOnly,
    call: async (client) => client.post(runUrl(orgId(), await awaitingRun(), "/approve"), { comment: "ok" }),
  },
  {
    name: "POST runs/:runId/reject",
    minimum: "viewer",
    success: 200,
    denied: API_TOKEN_MESSAGES.peopleOnly,
    call: async (client) => client.post(runUrl(orgId(), await awaitingRun(), "/reject"), { comment: "no" }),
  },
  {
    name: "GET approvals",
    minimum: "viewer",
    success: 200,
    denied: API_TOKEN_MESSAGES.peopleOnly,
    call: (client) => client.get(orgUrl(orgId(), "/approvals")),
  },
];

describe.each(routes)("$name", (route) => {
  it.each(CALLERS)("answers %s as the matrix says", async (caller) => {
    const response = await route.call(clientOf(t.app, org, caller));
    expect(response.status).toBe(expectedStatus(caller, route));
  });

  it.each(INVITABLE_ROLES)("refuses an API token of role %s: approvals are given by people", async (role) => {
    const { token } = await createApiToken(owner(), orgId(), { role });
    const response = await route.call(bearerClient(t.app, token));
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe(route.denied);
  });
});

describe("setting a workflow's approval", () => {
  const policy = { minRole: "admin" as const, approvals: 2 };
  const patch = (client: TestClient, workflowId: string, body: object) =>
    client.patch(orgUrl(orgId(), `/workflows/${workflowId}`), body);
  const plain = () => createLinuxWorkflow(owner(), orgId(), ["echo plain"], "Plain");

  it.each(CALLERS)("PATCH approval as %s", async (caller) => {
    const workflow = await plain();
    const response = await patch(clientOf(t.app, org, caller), workflow.id, { approval: policy });
    const expected = { "signed out": 401, outsider: 404, viewer: 403, editor: 403, admin: 200, owner: 200 }[caller];
    expect(response.status).toBe(expected);
    if (caller === "editor") expect(response.body.error.message).toBe(APPROVAL_MESSAGES.onlyAdminsSetApproval);
    if (caller === "viewer") expect(response.body.error.message).toBe(WORKFLOW_MESSAGES.cannotManage);
    if (expected === 200) expect(response.body.approval).toMatchObject(policy);
  });

  it.each(INVITABLE_ROLES)("PATCH approval with an API token of role %s", async (role) => {
    const workflow = await plain();
    const { token } = await createApiToken(owner(), orgId(), { role });
    const response = await patch(bearerClient(t.app, token), workflow.id, { approval: policy });
    expect(response.status).toBe(role === "admin" ? 200 : 403);
  });

  it("POST with approval: an editor is refused, an admin may", async () => {
    const workflow = await plain();
    const body = { name: "Gated", taskIds: workflow.steps.map((step) => step.taskId), approval: policy };
    const byEditor = await org.users.editor.client.post(orgUrl(orgId(), "/workflows"), body);
    expect(byEditor.status).toBe(403);
    const byAdmin = await org.users.admin.client.post(orgUrl(orgId(), "/workflows"), body);
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({ approval: policy, respectFreezeWindows: true, confirmName: false });
  });

  it("an editor's update that leaves the approval alone still works; one that removes it or turns freeze windows off does not", async () => {
    const workflow = await createGatedWorkflow(owner(), orgId(), policy);
    const editor = org.users.editor.client;
    expect((await patch(editor, workflow.id, { name: "Renamed" })).status).toBe(200);
    expect((await patch(editor, workflow.id, { approval: { ...policy } })).status).toBe(200);
    expect((await patch(editor, workflow.id, { confirmName: true })).status).toBe(200);
    expect((await patch(editor, workflow.id, { approval: null })).status).toBe(403);
    expect((await patch(editor, workflow.id, { respectFreezeWindows: false })).status).toBe(403);
    const read = await editor.get(orgUrl(orgId(), `/workflows/${workflow.id}`));
    expect(read.body).toMatchObject({
      name: "Renamed",
      approval: policy,
      respectFreezeWindows: true,
      confirmName: true,
    });
  });

  it("refuses a named approver who is not a member, and an approval with nobody to approve", async () => {
    const workflow = await plain();
    const stranger = await patch(owner(), workflow.id, { approval: { memberIds: [org.users.outsider.id] } });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.message).toBe(APPROVAL_MESSAGES.notAMember);
    const nobody = await patch(owner(), workflow.id, { approval: { minRole: null, memberIds: [] } });
    expect(nobody.status).toBe(400);
    const tooMany = await patch(owner(), workflow.id, { approval: { approvals: 4 } });
    expect(tooMany.status).toBe(400);
  });
});
