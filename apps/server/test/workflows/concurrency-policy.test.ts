import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDeliveries, workflowRuns, workflows } from "../../src/db/schema/index.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { type TestApp } from "../helpers/test-app.ts";
import { workflowsUrl } from "../helpers/test-data.ts";
import { createRule } from "../notifications/support.ts";
import { createLinuxWorkflow, registerRunner } from "../runners/runner-client.ts";
import { createAppWithCommands, createWorkflow } from "./workflow-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
let commandIds: string[];
beforeAll(async () => {
  const env = { RUNNER_CLAIM_HOLD_SECONDS: "1" };
  ({ t, org, commandIds } = await createAppWithCommands(["Back up"], { env }));
});
afterAll(() => t.close());

const MINUTE = 60_000;
const daily = { type: "daily", isEnabled: true, time: "09:00" };
const scheduler = () => createScheduler({ db: t.app.db, events: t.app.events });
const runsOf = (workflowId: string) =>
  t.app.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId)).orderBy(workflowRuns.startedAt);
const dueAt = (workflowId: string, at: Date) =>
  t.app.db.update(workflows).set({ nextExecution: at }).where(eq(workflows.id, workflowId));

/** A daily workflow run once by the scheduler at `start`, whose run is still under way, due again a minute later. */
async function busyWorkflow(concurrencyPolicy: string | undefined, start: Date, id?: string) {
  const workflowId =
    id ??
    (
      await createWorkflow(org.users.editor.client, org.organizationId, commandIds, {
        schedule: daily,
        ...(concurrencyPolicy && { concurrencyPolicy }),
      })
    ).id;
  await dueAt(workflowId, start);
  expect((await scheduler().tick(start)).ran).toContain(workflowId);
  const again = new Date(start.getTime() + MINUTE);
  await dueAt(workflowId, again);
  return { workflowId, again };
}

describe("a workflow due while its run is under way", () => {
  it("is skipped by default: the due time passes, the workflow shows it, and rules are told once", async () => {
    const rule = await createRule(org.users.owner.client, org.organizationId, {
      name: "Skips",
      events: ["schedule.skipped"],
      emailRoles: ["admin"],
    });
    const start = new Date();
    const { workflowId, again } = await busyWorkflow(undefined, start);
    const tick = await scheduler().tick(new Date(again.getTime() + 1000));
    expect(tick.skipped).toContain(workflowId);
    expect(tick.ran).not.toContain(workflowId);
    expect(await runsOf(workflowId)).toHaveLength(1);

    const shown = await org.users.viewer.client.get(workflowsUrl(org.organizationId, `/${workflowId}`));
    expect(shown.body).toMatchObject({ concurrencyPolicy: "skip", skippedRuns: 1, lastSkippedAt: again.toISOString() });
    expect(new Date(shown.body.nextExecution).getTime()).toBeGreaterThan(again.getTime());
    // Ticking on tells nothing more and skips nothing more: the next due time is tomorrow.
    expect((await scheduler().tick(new Date(again.getTime() + 5000))).skipped).not.toContain(workflowId);
    const told = await t.app.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.ruleId, rule.id), eq(notificationDeliveries.event, "schedule.skipped")));
    expect(told).toHaveLength(1);
    expect(told[0]!.payload).toMatchObject({ workflow: { id: workflowId }, scheduledFor: again.toISOString() });
  });

  it("is queued: it waits while the run is under way, then runs once when it ends", async () => {
    const start = new Date();
    const { workflowId, again } = await busyWorkflow("queue", start);
    for (const seconds of [1, 5, 10]) {
      const tick = await scheduler().tick(new Date(again.getTime() + seconds * 1000));
      expect([...tick.ran, ...tick.skipped]).not.toContain(workflowId);
    }
    const [first] = await runsOf(workflowId);
    expect(first).toMatchObject({ status: "queued", kind: "executed" });
    const done = await org.users.editor.client.post(`/api/orgs/${org.organizationId}/runs/${first!.id}/cancel`);
    expect(done.status).toBe(200);
    expect((await scheduler().tick(new Date(again.getTime() + 20_000))).ran).toContain(workflowId);
    expect((await runsOf(workflowId)).map((run) => run.status)).toEqual(["cancelled", "queued"]);
  });

  it("cancels the run still queued and starts anew", async () => {
    const start = new Date();
    const { workflowId, again } = await busyWorkflow("cancel", start);
    expect((await scheduler().tick(new Date(again.getTime() + 1000))).ran).toContain(workflowId);
    expect((await runsOf(workflowId)).map((run) => run.status)).toEqual(["cancelled", "queued"]);
  });

  it("cancels a run a real runner executes, which the runner hears on its next call", async () => {
    const other = await createOrgWithRoles(t.app);
    const { client } = await registerRunner(t.app, other.users.admin.client, other.organizationId);
    const workflow = await createLinuxWorkflow(other.users.editor.client, other.organizationId, ["sleep 600"]);
    const changed = await other.users.editor.client.patch(workflowsUrl(other.organizationId, `/${workflow.id}`), {
      schedule: daily,
      concurrencyPolicy: "cancel",
    });
    expect(changed.body.concurrencyPolicy).toBe("cancel");
    const start = new Date();
    await dueAt(workflow.id, start);
    expect((await scheduler().tick(start)).ran).toContain(workflow.id);
    const first = (await client.claim()).body.job.runId as string;
    expect((await client.step(first, 0, { state: "started" })).body.cancel).toBe(false);

    await dueAt(workflow.id, new Date(start.getTime() + MINUTE));
    expect((await scheduler().tick(new Date(start.getTime() + MINUTE + 1000))).ran).toContain(workflow.id);
    expect((await client.heartbeat(first)).body).toMatchObject({ cancel: true });
    const runs = await runsOf(workflow.id);
    expect(runs.map((run) => [run.id === first, run.status])).toEqual([
      [true, "cancelled"],
      [false, "queued"],
    ]);
  });

  it("refuses an unknown policy with a clear message", async () => {
    const response = await org.users.editor.client.post(workflowsUrl(org.organizationId), {
      name: "Odd",
      taskIds: commandIds,
      concurrencyPolicy: "parallel",
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain("When a run is under way, choose skip, queue or cancel");
  });
});
