import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflows } from "../../src/db/schema/index.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { auditRows, rowsSince } from "../audit/audit-support.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";
import { registerRunner } from "../runners/runner-client.ts";

/**
 * POST …/workflows/:workflowId/execute executes by default and answers the run (the first hour of
 * an operations team: a CI job's call never makes a checklist), and a schedule that comes due
 * before any runner is registered queues a run that a runner registered later executes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "0" } });
});
afterAll(() => t.close());

/** A fresh organization with a workflow of one command that has only a Linux line. */
async function linuxWorkflow(options: { labels?: string[] } = {}) {
  const org = await createOrgWithRoles(t.app);
  const task = await createTask(org.users.editor.client, org.organizationId, {
    name: "Deploy",
    commands: { linux: "make deploy" },
  });
  const workflow = await createWorkflow(org.users.editor.client, org.organizationId, [task.id], {
    name: "Deploy",
    ...(options.labels && { runnerLabels: options.labels }),
  });
  return { org, workflowId: workflow.id as string };
}

const execute = (org: OrgWithRoles, workflowId: string, body?: unknown) =>
  org.users.editor.client.post(`/api/orgs/${org.organizationId}/workflows/${workflowId}/execute`, body);
const runOptions = (org: OrgWithRoles, workflowId: string) =>
  org.users.viewer.client.get(`/api/orgs/${org.organizationId}/workflows/${workflowId}/run-options`);

describe("POST execute, for every body shape", () => {
  it("without a body executes on the platform of an online matching runner and answers the run (201)", async () => {
    const { org, workflowId } = await linuxWorkflow();
    const { client } = await registerRunner(t.app, org.users.admin.client, org.organizationId);
    const response = await execute(org, workflowId);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ kind: "executed", status: "queued", platform: "linux", workflowId });
    expect((await client.claim()).body.job.runId).toBe(response.body.id);
    // The next call is refused while that run is under way, and says so.
    const again = await execute(org, workflowId, {});
    expect(again.status).toBe(409);
  });

  it("with no runner registered queues the run, saying none is registered, never a checklist", async () => {
    const { org, workflowId } = await linuxWorkflow();
    const response = await execute(org, workflowId, {});
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      kind: "executed",
      status: "queued",
      platform: "linux",
      matchingRunners: { labels: [], registered: 0, online: 0 },
    });
  });

  it("takes an explicit platform, and refuses one without commands with a clear 400", async () => {
    const { org, workflowId } = await linuxWorkflow();
    const refused = await execute(org, workflowId, { platform: "mac" });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(RUNNER_MESSAGES.noCommandsForPlatform);
    const queued = await execute(org, workflowId, { platform: "linux" });
    expect(queued.status).toBe(201);
    expect(queued.body).toMatchObject({ kind: "executed", platform: "linux" });
  });

  it('makes a checklist only when asked: "mode": "checklist"', async () => {
    const { org, workflowId } = await linuxWorkflow();
    const checklist = await execute(org, workflowId, { mode: "checklist" });
    expect(checklist.status).toBe(201);
    expect(checklist.body).toMatchObject({ kind: "checklist", status: "running", platform: null });
  });

  it("refuses a checklist with a platform, an unknown mode, and a run that no runner could ever claim", async () => {
    const { org, workflowId } = await linuxWorkflow();
    const both = await execute(org, workflowId, { mode: "checklist", platform: "linux" });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toBe(RUNNER_MESSAGES.checklistHasNoPlatform);
    const unknown = await execute(org, workflowId, { mode: "dry-run" });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("Mode is executed or checklist");

    const task = await createTask(org.users.editor.client, org.organizationId, {
      name: "Gone",
      commands: { linux: "echo gone" },
    });
    const orphan = await createWorkflow(org.users.editor.client, org.organizationId, [task.id], { name: "Orphan" });
    await org.users.editor.client.delete(`/api/orgs/${org.organizationId}/tasks/${task.id}`);
    const never = await execute(org, orphan.id);
    expect(never.status).toBe(400);
    expect(never.body.error.message).toBe(RUNNER_MESSAGES.noCommandsAnywhere);
    expect((await execute(org, orphan.id, { mode: "checklist" })).status).toBe(201);
  });
});

describe("labels that no runner has", () => {
  it("count no runner in Run now's options and in the queued run, and are named", async () => {
    const { org, workflowId } = await linuxWorkflow({ labels: ["prod", "eu-west"] });
    await registerRunner(t.app, org.users.admin.client, org.organizationId, { name: "plain" });
    const options = await runOptions(org, workflowId);
    expect(options.body).toMatchObject({
      platforms: [{ platform: "linux", runners: 0, runnersOnline: 0 }],
      labels: ["prod", "eu-west"],
      defaultPlatform: "linux",
    });
    const run = await execute(org, workflowId);
    expect(run.body.matchingRunners).toEqual({ labels: ["prod", "eu-west"], registered: 0, online: 0 });

    await registerRunner(t.app, org.users.admin.client, org.organizationId, {
      name: "prod-box",
      labels: ["prod", "eu-west", "ssd"],
    });
    expect((await runOptions(org, workflowId)).body.platforms).toEqual([
      { platform: "linux", runners: 1, runnersOnline: 1 },
    ]);
    const view = await org.users.viewer.client.get(`/api/orgs/${org.organizationId}/runs/${run.body.id}`);
    expect(view.body.matchingRunners).toEqual({ labels: ["prod", "eu-west"], registered: 1, online: 1 });
  });
});

describe("a schedule that comes due before any runner is registered", () => {
  it("queues an executed run that a runner registered later takes, and does not block the next due time", async () => {
    const { org, workflowId } = await linuxWorkflow();
    const scheduler = createScheduler({ db: t.app.db, events: t.app.events });
    await org.users.editor.client.patch(`/api/orgs/${org.organizationId}/workflows/${workflowId}`, {
      schedule: { type: "cron", isEnabled: true, expression: "* * * * *" },
    });
    const due = new Date(Date.now() - 30_000);
    await t.app.db.update(workflows).set({ nextExecution: due }).where(eq(workflows.id, workflowId));
    const baseline = await auditRows(t.app, org.organizationId);
    expect((await scheduler.tick(new Date())).ran).toContain(workflowId);
    const history = await org.users.viewer.client.get(
      `/api/orgs/${org.organizationId}/workflows/${workflowId}/history`,
    );
    const [queued] = history.body.items;
    expect(queued).toMatchObject({ kind: "executed", status: "queued", trigger: "schedule", platform: "linux" });

    const { client } = await registerRunner(t.app, org.users.admin.client, org.organizationId);
    const claim = await client.claim();
    expect(claim.body.job.runId).toBe(queued.id);
    await client.step(queued.id, 0, { state: "finished", outcome: "succeeded", exitCode: 0, signal: null });
    expect((await client.complete(queued.id, "succeeded")).status).toBe(200);
    // Two audit rows for the scheduled run, queued and ended; its claim and steps are in the run.
    const rows = (await rowsSince(t.app, org.organizationId, baseline)).reverse();
    expect(rows.map((row) => row.action).filter((action) => !action.startsWith("runner."))).toEqual([
      "workflow.run",
      "run.finished",
    ]);

    const next = (await t.app.db.select().from(workflows).where(eq(workflows.id, workflowId)))[0]!.nextExecution!;
    const tick = await scheduler.tick(new Date(next.getTime() + 1_000));
    expect(tick.ran).toContain(workflowId);
    expect(tick.skipped).not.toContain(workflowId);
  });
});
