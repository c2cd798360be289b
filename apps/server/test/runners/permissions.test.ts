import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import { API_TOKEN_ROLES } from "@flowdeck/shared/api-tokens/schemas";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus, type MatrixRoute } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, queueRun, registerRunner } from "./runner-client.ts";

let t: TestApp;
let org: OrgWithRoles;
let workflowId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "0" } });
  org = await createOrgWithRoles(t.app);
  workflowId = (await createLinuxWorkflow(org.users.owner.client, org.organizationId, ["echo hi"])).id;
});
afterAll(() => t.close());

const owner = () => org.users.owner.client;
const runners = (rest = "") => `/api/orgs/${org.organizationId}/runners${rest}`;
const runs = (runId: string, rest = "") => `/api/orgs/${org.organizationId}/runs/${runId}${rest}`;

/** A fresh runner of the organization. */
const runner = async () => (await registerRunner(t.app, owner(), org.organizationId)).id;
/** A fresh queued run (the previous one is cancelled first: one run under way per workflow). */
async function run() {
  const detail = await owner().get(`/api/orgs/${org.organizationId}/workflows/${workflowId}`);
  const last = detail.body.lastRun;
  if (last && (last.status === "queued" || last.status === "running")) await owner().post(runs(last.id, "/cancel"));
  return queueRun(owner(), org.organizationId, workflowId);
}

const ROUTES: MatrixRoute[] = [
  {
    name: "GET runners",
    minimum: "viewer",
    success: 200,
    denied: "",
    call: (c) => c.get(runners()),
  },
  {
    name: "POST registration token",
    minimum: "admin",
    success: 201,
    denied: RUNNER_MESSAGES.cannotManage,
    call: (c) => c.post(runners("/registration-tokens")),
  },
  {
    name: "PATCH runner",
    minimum: "admin",
    success: 200,
    denied: RUNNER_MESSAGES.cannotManage,
    call: async (c) => c.patch(runners(`/${await runner()}`), { name: "renamed", labels: ["Linux", "gpu"] }),
  },
  {
    name: "POST revoke runner",
    minimum: "admin",
    success: 204,
    denied: RUNNER_MESSAGES.cannotManage,
    call: async (c) => c.post(runners(`/${await runner()}/revoke`)),
  },
  {
    name: "GET run-options",
    minimum: "viewer",
    success: 200,
    denied: "",
    call: (c) => c.get(`/api/orgs/${org.organizationId}/workflows/${workflowId}/run-options`),
  },
  { name: "GET run", minimum: "viewer", success: 200, denied: "", call: async (c) => c.get(runs(await run())) },
  {
    name: "GET run logs",
    minimum: "viewer",
    success: 200,
    denied: "",
    call: async (c) => c.get(runs(await run(), "/logs")),
  },
  {
    name: "GET run log.txt",
    minimum: "viewer",
    success: 200,
    denied: "",
    call: async (c) => c.get(runs(await run(), "/log.txt")),
  },
  {
    name: "POST cancel run",
    minimum: "editor",
    success: 200,
    denied: WORKFLOW_MESSAGES.cannotManage,
    call: async (c) => c.post(runs(await run(), "/cancel")),
  },
];

describe.each(ROUTES)("$name", (route) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const response = await route.call(clientOf(t.app, org, caller));
    const status = expectedStatus(caller, route);
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body.error.message).toBe(route.denied);
  });
});

describe("API tokens", () => {
  it.each(API_TOKEN_ROLES)("of the %s role read the runner list but manage no runner", async (role) => {
    const { id } = await registerRunner(t.app, owner(), org.organizationId, { name: `seen-by-${role}` });
    const { token } = await createApiToken(owner(), org.organizationId, { name: `CI ${role}`, role });
    const client = bearerClient(t.app, token);
    const list = await client.get(runners());
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { name: string }) => item.name)).toContain(`seen-by-${role}`);
    const rename = await client.patch(runners(`/${id}`), { name: "renamed by a token" });
    expect(rename.status).toBe(403);
    expect(rename.body.error.message).toBe(API_TOKEN_MESSAGES.peopleOnly);
    expect((await client.post(runners("/registration-tokens"))).status).toBe(403);
  });
});

describe("another organization", () => {
  it("gets 404 for this organization's runs and runners through its own organization's path", async () => {
    const outsider = org.users.outsider.client;
    const mine = (rest: string) => `/api/orgs/${org.otherOrganizationId}${rest}`;
    const runId = await run();
    const runnerId = await runner();
    expect((await outsider.get(mine(`/runs/${runId}`))).status).toBe(404);
    expect((await outsider.get(mine(`/runs/${runId}/logs`))).status).toBe(404);
    expect((await outsider.get(mine(`/runs/${runId}/log.txt`))).status).toBe(404);
    expect((await outsider.post(mine(`/runs/${runId}/cancel`))).status).toBe(404);
    expect((await outsider.patch(mine(`/runners/${runnerId}`), { name: "mine now" })).status).toBe(404);
    expect((await outsider.post(mine(`/runners/${runnerId}/revoke`))).status).toBe(404);
    const list = await outsider.get(mine("/runners"));
    expect(list.body.items.map((item: { id: string }) => item.id)).not.toContain(runnerId);
    const still = await owner().get(runs(runId));
    expect(still.body.status).toBe("queued");
  });

  it("lists runners with their state, labels made lowercase, and the run each executes", async () => {
    const { client, id } = await registerRunner(t.app, owner(), org.organizationId, { name: "lister" });
    const runId = await run();
    expect((await client.claim()).body.job.runId).toBe(runId);
    const list = await owner().get(runners());
    const item = list.body.items.find((candidate: { id: string }) => candidate.id === id);
    expect(item).toMatchObject({ name: "lister", os: "linux", online: true, currentRun: { id: runId } });
    expect(JSON.stringify(list.body)).not.toMatch(/fdrs_|secret/i);
    await client.complete(runId, "succeeded");
  });
});
