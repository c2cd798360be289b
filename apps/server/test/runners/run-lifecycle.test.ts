import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations, workflows } from "../../src/db/schema/index.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, eventually, queueRun, registerRunner } from "./runner-client.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  // A one-second lease and a tiny log cap (about 1 KB), so both show quickly.
  t = await createTestApp({
    env: { RUNNER_CLAIM_HOLD_SECONDS: "0", RUNNER_LEASE_SECONDS: "1", RUN_LOG_MAX_MB: "0.001" },
  });
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const editor = () => org.users.editor.client;
const admin = () => org.users.admin.client;
const runUrl = (runId: string, rest = "") => `/api/orgs/${org.organizationId}/runs/${runId}${rest}`;
const balance = async () => {
  const [row] = await t.app.db
    .select({ credits: organizations.credits })
    .from(organizations)
    .where(eq(organizations.id, org.organizationId));
  return row?.credits;
};

describe("leases", () => {
  it("marks a run lost when its runner stops calling, and tells a late runner so", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["sleep 300"]);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    expect((await client.claim()).body.job.runId).toBe(runId);
    await client.step(runId, 0, { state: "started" });
    const lost = await eventually(async () => {
      const view = await editor().get(runUrl(runId));
      return view.body.status === "lost" && view.body;
    });
    expect(lost.steps[0].status).toBe("cancelled");
    expect((await client.heartbeat(runId)).body).toEqual({ cancel: true, reason: "lost" });
    const after = await editor().get(`/api/orgs/${org.organizationId}/workflows/${workflow.id}`);
    expect(after.body.status).toBe("active");
  });

  it("keeps a run whose runner calls within its lease", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["sleep 2"]);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    expect((await client.claim()).body.job.runId).toBe(runId);
    const until = Date.now() + 2_500;
    while (Date.now() < until) {
      expect((await client.heartbeat(runId)).body).toEqual({ cancel: false, reason: null });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await client.complete(runId, "succeeded")).status).toBe(200);
    expect((await editor().get(runUrl(runId))).body.status).toBe("succeeded");
  });
});

describe("timeouts", () => {
  it("ends a run its runner did not stop in time as timed out, and tells the runner", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["sleep 300"]);
    await editor().patch(`/api/orgs/${org.organizationId}/workflows/${workflow.id}`, { timeoutSeconds: 1 });
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    expect((await client.claim()).body.job.timeoutSeconds).toBe(1);
    // The runner keeps calling (so the run is not lost) but never stops the step.
    const control = await eventually(async () => {
      const answer = await client.heartbeat(runId);
      return answer.body.cancel && answer.body;
    });
    expect(control).toEqual({ cancel: true, reason: "finished" });
    expect((await editor().get(runUrl(runId))).body.status).toBe("timed-out");
  });
});

describe("the log cap", () => {
  it("stores output up to the cap, then one truncation marker and nothing more", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["yes"]);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    await client.claim();
    const line = "y".repeat(99) + "\n";
    await client.logs(
      runId,
      1,
      Array.from({ length: 8 }, () => ({ position: 0, stream: "stdout", text: line })),
    );
    await client.logs(
      runId,
      2,
      Array.from({ length: 8 }, () => ({ position: 0, stream: "stdout", text: line })),
    );
    await client.logs(runId, 3, [{ position: 0, stream: "stdout", text: line }]);
    const log = (await editor().get(runUrl(runId, "/logs"))).body.items as { stream: string; text: string }[];
    const stored = log.filter((chunk) => chunk.stream === "stdout").reduce((sum, chunk) => sum + chunk.text.length, 0);
    expect(stored).toBe(Math.round(0.001 * 1024 * 1024));
    expect(log.filter((chunk) => chunk.stream === "system")).toHaveLength(1);
    expect(log.at(-1)!.text).toMatch(/Output truncated/);
    expect((await editor().get(runUrl(runId))).body.logTruncated).toBe(true);
    await client.complete(runId, "succeeded");
  });
});

describe("credits per run", () => {
  it("charges each queued run as 'Run of <workflow>', refuses without enough, refunds a cancel before claim", async () => {
    const saved = await admin().patch(`/api/orgs/${org.organizationId}/settings`, {
      name: "Credits Org",
      timezone: "UTC",
      creditsPerRun: 3,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.creditsPerRun).toBe(3);
    await t.app.db.update(organizations).set({ credits: 5 }).where(eq(organizations.id, org.organizationId));
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo paid"], "Paid job");
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    expect(await balance()).toBe(2);
    const ledger = await editor().get(`/api/orgs/${org.organizationId}/credits/transactions`);
    expect(ledger.body.items[0]).toMatchObject({ amount: -3, type: "consumption", description: "Run of Paid job" });

    await editor().post(runUrl(runId, "/cancel"));
    expect(await balance()).toBe(5);

    await t.app.db.update(organizations).set({ credits: 2 }).where(eq(organizations.id, org.organizationId));
    const refused = await editor().post(`/api/orgs/${org.organizationId}/workflows/${workflow.id}/execute`, {
      platform: "linux",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("Insufficient credits");
    // A checklist run costs nothing.
    expect(
      (await editor().post(`/api/orgs/${org.organizationId}/workflows/${workflow.id}/execute`, { mode: "checklist" }))
        .status,
    ).toBe(201);
    expect(await balance()).toBe(2);
  });
});

describe("the scheduler", () => {
  it("queues a due workflow for the platform of the organization's runner, with its commands snapshotted", async () => {
    // Free runs here (the credits test above made them cost more than the balance).
    await t.app.db.update(organizations).set({ creditsPerRun: 0 }).where(eq(organizations.id, org.organizationId));
    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo nightly"], "Nightly");
    await editor().patch(`/api/orgs/${org.organizationId}/workflows/${workflow.id}`, {
      schedule: { type: "daily", isEnabled: true, time: "03:00" },
    });
    const now = new Date();
    await t.app.db
      .update(workflows)
      .set({ nextExecution: new Date(now.getTime() - 1000) })
      .where(eq(workflows.id, workflow.id));
    const scheduler = createScheduler({ db: t.app.db, events: t.app.events });
    expect((await scheduler.tick(now)).ran).toContain(workflow.id);
    const detail = await editor().get(`/api/orgs/${org.organizationId}/workflows/${workflow.id}`);
    expect(detail.body.lastRun).toMatchObject({
      trigger: "schedule",
      kind: "executed",
      platform: "linux",
      status: "queued",
    });
    const job = (await client.claim()).body.job;
    expect(job).toMatchObject({ workflowId: workflow.id, steps: [{ command: "echo nightly" }] });
    await client.complete(job.runId, "succeeded");
  });
});
