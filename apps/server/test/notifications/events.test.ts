import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDeliveries, workflowRuns, workflows } from "../../src/db/schema/index.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { type OrgWithRoles } from "../helpers/factories.ts";
import { type TestApp } from "../helpers/test-app.ts";
import { workflowsUrl } from "../helpers/test-data.ts";
import { createAppWithCommands, createWorkflow } from "../workflows/workflow-factory.ts";
import { createDeliveryJob } from "../../src/jobs/notification-delivery.ts";
import { createRule } from "./support.ts";

let t: TestApp;
let org: OrgWithRoles;
let commandIds: string[];
beforeAll(async () => ({ t, org, commandIds } = await createAppWithCommands(["Back up"])));
afterAll(() => t.close());

/** The events queued for a rule, oldest first. */
async function eventsOf(ruleId: string) {
  const rows = await t.app.db
    .select({ event: notificationDeliveries.event, payload: notificationDeliveries.payload })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.ruleId, ruleId))
    .orderBy(notificationDeliveries.createdAt);
  return rows;
}

const run = (workflowId: string) =>
  org.users.editor.client.post(workflowsUrl(org.organizationId, `/${workflowId}/execute`), { mode: "checklist" });
const complete = (workflowId: string) =>
  org.users.editor.client.post(workflowsUrl(org.organizationId, `/${workflowId}/complete`));

describe("run outcomes", () => {
  it("recovered fires once, on the first success after a failure (skipped runs aside), and not after a success", async () => {
    const rule = await createRule(org.users.owner.client, org.organizationId, {
      name: "Recovered only",
      events: ["run.recovered"],
      emailRoles: ["owner"],
    });
    const workflow = await createWorkflow(org.users.editor.client, org.organizationId, commandIds);
    expect((await run(workflow.id)).status).toBe(201);
    expect((await complete(workflow.id)).status).toBe(200); // a success after nothing: no recovery
    expect(await eventsOf(rule.id)).toEqual([]);

    // A run fails (runners will report this; here the row says so).
    expect((await run(workflow.id)).status).toBe(201);
    await t.app.db
      .update(workflowRuns)
      .set({ status: "failed", finishedAt: new Date() })
      .where(and(eq(workflowRuns.workflowId, workflow.id), eq(workflowRuns.status, "running")));
    // Then a due time inside a freeze window is recorded as skipped: it never ran, so it is passed over.
    expect((await run(workflow.id)).status).toBe(201);
    await t.app.db
      .update(workflowRuns)
      .set({ status: "skipped", finishedAt: new Date() })
      .where(and(eq(workflowRuns.workflowId, workflow.id), eq(workflowRuns.status, "running")));

    expect((await run(workflow.id)).status).toBe(201);
    expect((await complete(workflow.id)).status).toBe(200); // first success after the failure
    expect((await run(workflow.id)).status).toBe(201);
    expect((await complete(workflow.id)).status).toBe(200); // a success after a success
    const events = await eventsOf(rule.id);
    expect(events.map((e) => e.event)).toEqual(["run.recovered"]);
    expect(events[0]!.payload).toMatchObject({ workflow: { id: workflow.id, name: "Deploy the web app" } });
  });
});

describe("the scheduler's events", () => {
  it("tells a missed due time once, and a due time skipped while a run is under way once", async () => {
    const rule = await createRule(org.users.owner.client, org.organizationId, {
      name: "Schedules",
      events: ["schedule.missed", "schedule.skipped"],
      emailRoles: ["admin"],
    });
    const now = new Date();
    // Half a day away, so the next daily time never falls inside the minutes this test covers.
    const time = `${String((now.getUTCHours() + 12) % 24).padStart(2, "0")}:00`;
    const workflow = await createWorkflow(org.users.editor.client, org.organizationId, commandIds, {
      name: "Nightly",
      schedule: { type: "daily", isEnabled: true, time },
    });
    const missedAt = new Date(now.getTime() - 3 * 3600_000);
    await t.app.db.update(workflows).set({ nextExecution: missedAt }).where(eq(workflows.id, workflow.id));
    const scheduler = createScheduler({ db: t.app.db, events: t.app.events });
    expect((await scheduler.tick(now)).ran).toContain(workflow.id);
    expect((await eventsOf(rule.id)).map((e) => e.event)).toEqual(["schedule.missed"]);
    expect((await eventsOf(rule.id))[0]!.payload).toMatchObject({ scheduledFor: missedAt.toISOString() });

    // The run is still under way when the next due time comes: skipped, told once over many ticks.
    const dueAgain = new Date(now.getTime() + 60_000);
    await t.app.db.update(workflows).set({ nextExecution: dueAgain }).where(eq(workflows.id, workflow.id));
    for (const seconds of [0, 5, 10]) await scheduler.tick(new Date(dueAgain.getTime() + seconds * 1000));
    expect((await eventsOf(rule.id)).map((e) => e.event)).toEqual(["schedule.missed", "schedule.skipped"]);

    // Skipped (the default policy, decision 028): once the run is done, that due time does not run late.
    expect((await complete(workflow.id)).status).toBe(200);
    expect((await scheduler.tick(new Date(dueAgain.getTime() + 120_000))).ran).not.toContain(workflow.id);
    expect((await eventsOf(rule.id)).map((e) => e.event)).toEqual(["schedule.missed", "schedule.skipped"]);
  });
});

describe("runs still going", () => {
  it("are told once after the rule's minutes, by whichever delivery pass sees them first", async () => {
    const rule = await createRule(org.users.owner.client, org.organizationId, {
      name: "Slow runs",
      events: ["run.long-running"],
      longRunningMinutes: 30,
      emailRoles: ["owner"],
    });
    const workflow = await createWorkflow(org.users.editor.client, org.organizationId, commandIds, { name: "Slow" });
    expect((await run(workflow.id)).status).toBe(201);
    const job = createDeliveryJob({
      db: t.app.db,
      mailer: t.app.mailer,
      outbound: t.app.outbound,
      appUrl: "http://localhost:3000",
    });
    await job.tick(new Date(Date.now() + 29 * 60_000));
    expect(await eventsOf(rule.id)).toEqual([]);
    await job.tick(new Date(Date.now() + 31 * 60_000));
    await job.tick(new Date(Date.now() + 40 * 60_000));
    // Every run under way in the organization is told about (the scheduler's test left one), once each.
    const events = await eventsOf(rule.id);
    const runIds = events.map((e) => (e.payload.run as { id: string }).id);
    expect(new Set(runIds).size).toBe(runIds.length);
    const slow = events.filter((e) => (e.payload.workflow as { id: string }).id === workflow.id);
    expect(slow.map((e) => e.event)).toEqual(["run.long-running"]);
    expect(slow[0]!.payload).toMatchObject({ minutes: 30, workflow: { name: "Slow" } });
  });

  it("a rule for a long-running run needs its minutes", async () => {
    const response = await org.users.owner.client.post(`/api/orgs/${org.organizationId}/notifications/rules`, {
      name: "No minutes",
      events: ["run.long-running"],
      emailRoles: ["owner"],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/^Please say after how many minutes/);
  });
});
