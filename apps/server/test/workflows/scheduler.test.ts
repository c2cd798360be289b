import type { LiveEvent } from "@flowdeck/shared";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, tasks, workflowRuns, workflows } from "../../src/db/schema/index.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { workflowsUrl } from "../helpers/test-data.ts";
import { createAppWithCommands, createCommands, createWorkflow, setTimezone } from "./workflow-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
let commandIds: string[];
beforeAll(async () => ({ t, org, commandIds } = await createAppWithCommands(["Back up", "Verify"])));
afterAll(() => t.close());

const HOUR = 3_600_000;
const daily = (time = "09:00") => ({ type: "daily", isEnabled: true, time });

/** A workflow with the given schedule whose next execution is moved to `due` (as if time had passed). */
async function dueWorkflow(schedule: Record<string, unknown>, due: Date, client = org.users.editor.client) {
  const workflow = await createWorkflow(client, org.organizationId, commandIds, { schedule });
  await t.app.db.update(workflows).set({ nextExecution: due }).where(eq(workflows.id, workflow.id));
  return workflow.id;
}

const runsOf = (workflowId: string) =>
  t.app.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));
const rowOf = async (workflowId: string) =>
  (await t.app.db.select().from(workflows).where(eq(workflows.id, workflowId)))[0]!;
const executionsOf = async (taskId: string) =>
  (await t.app.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!.executionCount;

function scheduler() {
  return createScheduler({ db: t.app.db, events: t.app.events });
}

describe("the scheduler", () => {
  it("runs a due workflow once, as the scheduler, and advances its next execution from now", async () => {
    const now = new Date();
    const id = await dueWorkflow(daily(), new Date(now.getTime() - 60_000));
    const before = await executionsOf(commandIds[0]!);
    const events: LiveEvent[] = [];
    const unsubscribe = t.app.events.subscribe(org.organizationId, (event) => events.push(event));
    try {
      const result = await scheduler().tick(now);
      expect(result.ran).toContain(id);
      // Published after the commit (through NOTIFY with PostgreSQL).
      await expect.poll(() => events).toContainEqual({ entity: "workflow", id, action: "updated" });
    } finally {
      unsubscribe();
    }
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    // With no runner registered yet, the run is queued for one (issue "The first hour"), never a checklist.
    expect(runs[0]).toMatchObject({
      trigger: "schedule",
      startedBy: null,
      status: "queued",
      kind: "executed",
      platform: "linux",
      startedAt: now,
    });
    // The audit log names the scheduler, not a person, as the one who ran it.
    const [recorded] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .orderBy(desc(auditLog.id));
    expect(recorded).toMatchObject({
      organizationId: org.organizationId,
      actorKind: "system",
      actorId: "scheduler",
      actorLabel: "Scheduler",
      action: "workflow.run",
    });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "in-progress", lastExecuted: now, scheduleTimezone: "UTC" });
    expect(row.nextExecution!.getTime()).toBeGreaterThan(now.getTime());
    expect(row.nextExecution!.getTime() - now.getTime()).toBeLessThanOrEqual(24 * HOUR);
    expect(row.nextExecution!.toISOString()).toMatch(/T09:00:00\.000Z$/);
    expect(await executionsOf(commandIds[0]!)).toBe(before + 1);

    // Ticking again at once finds nothing due: the workflow is in progress and due tomorrow.
    expect((await scheduler().tick(now)).ran).not.toContain(id);
    expect(await runsOf(id)).toHaveLength(1);

    // The API shows the run as the scheduler's.
    const detail = await org.users.viewer.client.get(workflowsUrl(org.organizationId, `/${id}`));
    expect(detail.body.lastRun).toMatchObject({ trigger: "schedule", startedBy: null, startedByName: null });
  });

  it("runs a schedule missed while the server was down once, not once per missed period", async () => {
    const now = new Date();
    const id = await dueWorkflow(daily("06:30"), new Date("2020-01-01T06:30:00Z"));
    await scheduler().tick(now);
    await scheduler().tick(now);
    expect(await runsOf(id)).toHaveLength(1);
    const row = await rowOf(id);
    expect(row.nextExecution!.getTime()).toBeGreaterThan(now.getTime());
    expect(row.nextExecution!.getTime() - now.getTime()).toBeLessThanOrEqual(24 * HOUR);
  });

  it("gives a one-time schedule no next execution once it has fired", async () => {
    const at = new Date(Math.floor((Date.now() + 2 * 60_000) / 60_000) * 60_000);
    const [date, time] = [at.toISOString().slice(0, 10), at.toISOString().slice(11, 16)];
    const workflow = await createWorkflow(org.users.editor.client, org.organizationId, commandIds, {
      schedule: { type: "once", isEnabled: true, date, time },
    });
    expect(workflow.nextExecution).toBe(at.toISOString());
    expect((await scheduler().tick(new Date(at.getTime() - 1_000))).ran).not.toContain(workflow.id);
    expect((await scheduler().tick(new Date(at.getTime() + 30_000))).ran).toContain(workflow.id);
    expect(await runsOf(workflow.id)).toHaveLength(1);
    expect((await rowOf(workflow.id)).nextExecution).toBeNull();
  });

  it("leaves alone what is not due: in progress, disabled, or later", async () => {
    const now = new Date();
    const inProgress = await dueWorkflow(daily(), new Date(now.getTime() - HOUR));
    await org.users.editor.client.post(workflowsUrl(org.organizationId, `/${inProgress}/start`));
    const disabled = await dueWorkflow(daily(), new Date(now.getTime() - HOUR));
    await t.app.db
      .update(workflows)
      .set({
        schedule: { type: "daily", isEnabled: false, date: null, time: "09:00", dayOfWeek: null, dayOfMonth: null },
      })
      .where(eq(workflows.id, disabled));
    const later = await dueWorkflow(daily(), new Date(now.getTime() + HOUR));

    const { ran } = await scheduler().tick(now);
    for (const id of [inProgress, disabled, later]) {
      expect(ran).not.toContain(id);
      expect(await runsOf(id)).toHaveLength(0);
    }
  });

  it("runs a recurring workflow again once the previous run is completed and it is due", async () => {
    const first = new Date();
    const id = await dueWorkflow(daily("09:00"), new Date(first.getTime() - 60_000));
    await scheduler().tick(first);
    const [queued] = await runsOf(id);
    await org.users.editor.client.post(`/api/orgs/${org.organizationId}/runs/${queued!.id}/cancel`);
    const nextDue = (await rowOf(id)).nextExecution!;
    const second = new Date(nextDue.getTime() + 1_000);
    expect((await scheduler().tick(second)).ran).toContain(id);
    const runs = await runsOf(id);
    expect(runs.map((run) => run.status).sort()).toEqual(["cancelled", "queued"]);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "in-progress", progress: 0, completedTasks: 0 });
    expect(row.nextExecution!.getTime()).toBe(nextDue.getTime() + 24 * HOUR);
  });

  it("recomputes next executions on the organization's new clock after a timezone change", async () => {
    const fresh = await createOrgWithRoles(t.app);
    const [command] = await createCommands(fresh.users.editor.client, fresh.organizationId, ["Report"]);
    const workflow = await createWorkflow(fresh.users.editor.client, fresh.organizationId, [command!.id], {
      schedule: daily("09:00"),
    });
    expect(workflow.nextExecution).toMatch(/T09:00:00\.000Z$/);
    await setTimezone(t.app, fresh.organizationId, "Asia/Tokyo");
    const { retimed } = await scheduler().tick(new Date());
    expect(retimed).toContain(workflow.id);
    const row = await rowOf(workflow.id);
    expect(row.scheduleTimezone).toBe("Asia/Tokyo");
    expect(row.nextExecution!.toISOString()).toMatch(/T00:00:00\.000Z$/); // 09:00 in Tokyo
    expect((await scheduler().tick(new Date())).retimed).not.toContain(workflow.id);
  });

  it("is started by the server when SCHEDULER is on, and stopped when it closes", async () => {
    const id = await dueWorkflow(daily(), new Date(Date.now() - 60_000));
    const serving = await createTestApp({ env: { SCHEDULER: "on" }, database: t.database });
    try {
      await expect.poll(async () => (await runsOf(id)).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await serving.close();
    }
    expect((await rowOf(id)).status).toBe("in-progress");
  });
});
