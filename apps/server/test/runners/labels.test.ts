import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRows, rowsSince } from "../audit/audit-support.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, queueRun, registerRunner } from "./runner-client.ts";

// Labels admins set on the Runners page live beside the labels a runner declared when it
// registered (decision 079): read apart, matched together.

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "1" } });
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const admin = () => org.users.admin.client;
const editor = () => org.users.editor.client;
const runnersUrl = (rest = "") => `/api/orgs/${org.organizationId}/runners${rest}`;

async function readRunner(id: string) {
  const list = await admin().get(runnersUrl());
  expect(list.status).toBe(200);
  return list.body.items.find((item: { id: string }) => item.id === id);
}

describe("a runner's labels", () => {
  it("keeps the labels the runner declared apart from those an admin sets, and audits the admin's", async () => {
    const { client, id } = await registerRunner(t.app, admin(), org.organizationId, { labels: ["web", "eu"] });
    expect(await readRunner(id)).toMatchObject({ labels: [], declaredLabels: ["web", "eu"] });

    const baseline = await auditRows(t.app, org.organizationId);
    const patched = await admin().patch(runnersUrl(`/${id}`), { labels: ["Production", "web"] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ labels: ["production", "web"], declaredLabels: ["web", "eu"] });
    const [row] = await rowsSince(t.app, org.organizationId, baseline);
    expect(row).toMatchObject({ action: "runner.updated", entityId: id });
    expect(JSON.stringify(row)).toContain("production");

    // The runner is told every label it carries, each once.
    const self = await client.call("GET", "/runner");
    expect([...self.body.labels].sort()).toEqual(["eu", "production", "web"]);

    // Setting no labels takes the admin's away; the declared ones stay.
    const cleared = await admin().patch(runnersUrl(`/${id}`), { labels: [] });
    expect(cleared.body).toMatchObject({ labels: [], declaredLabels: ["web", "eu"] });
  });

  it("gives a run to a runner whose labels, set by an admin or declared, cover the workflow's", async () => {
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo hi"]);
    const updated = await editor().patch(`/api/orgs/${org.organizationId}/workflows/${workflow.id}`, {
      runnerLabels: ["db", "eu"],
    });
    expect(updated.status).toBe(200);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);

    const { client: declaredOnly } = await registerRunner(t.app, admin(), org.organizationId, { labels: ["eu"] });
    expect((await declaredOnly.claim()).body).toEqual({ job: null });

    const { client: both, id } = await registerRunner(t.app, admin(), org.organizationId, { labels: ["eu"] });
    expect((await both.claim()).body).toEqual({ job: null });
    expect((await admin().patch(runnersUrl(`/${id}`), { labels: ["db"] })).status).toBe(200);
    expect((await both.claim()).body.job.runId).toBe(runId);
    await both.complete(runId, "succeeded");
  });

  it("lets only admins and owners set labels", async () => {
    const { id } = await registerRunner(t.app, admin(), org.organizationId, { labels: ["web"] });
    const refused = await editor().patch(runnersUrl(`/${id}`), { labels: ["mine"] });
    expect(refused.status).toBe(403);
    expect(await readRunner(id)).toMatchObject({ labels: [], declaredLabels: ["web"] });
  });
});
