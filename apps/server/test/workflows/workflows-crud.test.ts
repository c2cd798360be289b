import { DEFAULT_TARGET } from "@flowdeck/shared/runs/targets";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflowRuns, workflowSteps, workflows } from "../../src/db/schema/index.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { tasksUrl, workflowBody, workflowsUrl } from "../helpers/test-data.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createCommands, createWorkflow, setTimezone } from "./workflow-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
let commands: { id: string; name: string }[];
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  commands = await createCommands(org.users.editor.client, org.organizationId, ["Build", "Ship", "Check"]);
});
afterAll(() => t.close());

const editor = () => org.users.editor.client;
const url = (rest = "") => workflowsUrl(org.organizationId, rest);
const ids = () => commands.map((command) => command.id);

describe("creating a workflow", () => {
  it("stores the chosen commands as ordered steps, with the creator, trimmed texts and defaults", async () => {
    const [build, ship, check] = commands;
    const response = await editor().post(
      url(),
      workflowBody([check!.id, build!.id, ship!.id], { name: "  Release  ", description: " weekly " }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: "Release",
      description: "weekly",
      status: "active",
      dueDate: null,
      schedule: { type: "manual", isEnabled: false, date: null, time: null, dayOfWeek: null, dayOfMonth: null },
      nextExecution: null,
      lastExecuted: null,
      progress: 0,
      taskCount: 3,
      completedTasks: 0,
      startedAt: null,
      startedBy: null,
      completedAt: null,
      completedBy: null,
      createdBy: org.users.editor.id,
      createdByName: org.users.editor.email,
      updatedBy: org.users.editor.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      // Executed runs: one hour, any runner of the platform.
      timeoutSeconds: 3600,
      runnerLabels: [],
      target: { ...DEFAULT_TARGET },
      secrets: [],
      // Due while a run is under way: skipped, and none skipped yet.
      concurrencyPolicy: "skip",
      skippedRuns: 0,
      lastSkippedAt: null,
      steps: [check, build, ship].map((command, position) => ({
        id: expect.any(String),
        position,
        taskId: command!.id,
        name: command!.name,
        category: "deployment",
        description: expect.any(String),
        commands: { windows: "", linux: "sudo systemctl restart nginx", mac: "brew services restart nginx" },
        status: "todo",
        completedAt: null,
        completedBy: null,
        continueOnError: false,
        timeoutSeconds: null,
        retry: null,
        runIf: "success",
      })),
      parameters: [],
      scheduleParameters: {},
      // No approval, no freeze windows, no typed confirmation (decision 067).
      approval: null,
      respectFreezeWindows: false,
      confirmName: false,
      runAfter: [],
      lastRun: null,
    });
    const fetched = await org.users.viewer.client.get(url(`/${response.body.id}`));
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual({ ...response.body, runs: [], timezone: "UTC" });
  });

  it.each([
    ["no name", { name: undefined }, "name", WORKFLOW_MESSAGES.nameRequired],
    ["a blank name", { name: "  " }, "name", WORKFLOW_MESSAGES.nameRequired],
    ["no commands", { taskIds: [] }, "taskIds", WORKFLOW_MESSAGES.tasksRequired],
    ["commands that are not a list", { taskIds: "a" }, "taskIds", WORKFLOW_MESSAGES.tasksRequired],
    [
      "a one-time schedule without a time",
      { schedule: { type: "once", isEnabled: true, date: "2030-01-01" } },
      "schedule.time",
      WORKFLOW_MESSAGES.onceNeedsDateAndTime,
    ],
    [
      "a one-time schedule without a date",
      { schedule: { type: "once", isEnabled: true, time: "09:00" } },
      "schedule.date",
      WORKFLOW_MESSAGES.onceNeedsDateAndTime,
    ],
    [
      "a weekly schedule without a time",
      { schedule: { type: "weekly", isEnabled: true, dayOfWeek: "1" } },
      "schedule.time",
      WORKFLOW_MESSAGES.recurringNeedsTime,
    ],
    ["a status outside the form's", { status: "completed" }, "status", "Status must be draft or active"],
    ["a due date that is not a timestamp", { dueDate: "friday" }, "dueDate", WORKFLOW_MESSAGES.dueDateInvalid],
  ])("refuses %s with the spec's text", async (_, overrides, field, message) => {
    const response = await editor().post(url(), workflowBody(ids(), overrides));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid-argument");
    expect(response.body.error.fields[field]).toBe(message);
  });

  it("accepts only active commands of this organization", async () => {
    const inactive = await createTask(editor(), org.organizationId, { name: "Old", status: "inactive" });
    const foreign = await createTask(org.users.outsider.client, org.otherOrganizationId, { name: "Theirs" });
    for (const bad of [inactive.id, foreign.id, "no-such-command"]) {
      const response = await editor().post(url(), workflowBody([commands[0]!.id, bad]));
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({
        code: "invalid-argument",
        message: WORKFLOW_MESSAGES.tasksNotActive,
        fields: { taskIds: WORKFLOW_MESSAGES.tasksNotActive },
      });
    }
  });

  it("saves a disabled schedule as manual, and computes the next run on the organization's clock", async () => {
    const disabled = await createWorkflow(editor(), org.organizationId, ids(), {
      schedule: { type: "daily", isEnabled: false, time: "09:00" },
    });
    expect(disabled.schedule).toMatchObject({ type: "manual", isEnabled: false, time: null });
    expect(disabled.nextExecution).toBeNull();

    const fresh = await createOrgWithRoles(t.app);
    await setTimezone(t.app, fresh.organizationId, "America/New_York");
    const [command] = await createCommands(fresh.users.editor.client, fresh.organizationId, ["Report"]);
    const daily = await createWorkflow(fresh.users.editor.client, fresh.organizationId, [command!.id], {
      schedule: { type: "daily", isEnabled: true, time: "09:00", dayOfWeek: "3" },
    });
    expect(daily.schedule).toEqual({
      type: "daily",
      isEnabled: true,
      date: null,
      time: "09:00",
      dayOfWeek: null,
      dayOfMonth: null,
    });
    const next = new Date(daily.nextExecution);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(25 * 3_600_000);
    const hourInNewYork = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(next);
    expect(hourInNewYork).toBe("09:00");
    expect((await fresh.users.viewer.client.get(workflowsUrl(fresh.organizationId))).body.timezone).toBe(
      "America/New_York",
    );
  });

  it("refuses a one-time schedule already past, which would never run, but keeps one that has run", async () => {
    const pastSchedule = { type: "once", isEnabled: true, date: "2020-01-01", time: "09:00" };
    const refused = await editor().post(
      workflowsUrl(org.organizationId),
      workflowBody(ids(), { schedule: pastSchedule }),
    );
    expect(refused.status).toBe(400);
    const message = WORKFLOW_MESSAGES.oncePassed("UTC");
    expect(refused.body.error).toMatchObject({ code: "invalid-argument", message });
    expect(refused.body.error.fields).toEqual({ "schedule.date": message });

    const future = await createWorkflow(editor(), org.organizationId, ids(), {
      schedule: { type: "once", isEnabled: true, date: "2099-01-01", time: "09:00" },
    });
    expect(future.nextExecution).toBe("2099-01-01T09:00:00.000Z");

    // The one-time run has happened: its schedule now lies in the past and stays as it was
    // while the name changes; moving it to another past moment is refused.
    await t.app.db
      .update(workflows)
      .set({ schedule: pastSchedule as typeof workflows.$inferInsert.schedule, nextExecution: null })
      .where(eq(workflows.id, future.id));
    const renamed = await editor().patch(workflowsUrl(org.organizationId, `/${future.id}`), {
      name: "Ran once",
      schedule: pastSchedule,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.nextExecution).toBeNull();
    const moved = await editor().patch(workflowsUrl(org.organizationId, `/${future.id}`), {
      schedule: { ...pastSchedule, date: "2021-06-01" },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.message).toBe(message);
  });

  it("shows each step's command lines, as the command has them now, to every member; none once deleted", async () => {
    const command = await createTask(editor(), org.organizationId, {
      name: "Rotate logs",
      commands: { linux: "logrotate -f /etc/logrotate.conf", windows: "", mac: "newsyslog" },
    });
    const created = await createWorkflow(editor(), org.organizationId, [command.id]);
    const first = await editor().get(url(`/${created.id}`));
    expect(first.body.steps[0].commands).toEqual({
      windows: "",
      linux: "logrotate -f /etc/logrotate.conf",
      mac: "newsyslog",
    });

    const changed = await editor().patch(`${tasksUrl(org.organizationId)}/${command.id}`, {
      commands: { linux: "logrotate /etc/logrotate.conf", windows: "", mac: "" },
    });
    expect(changed.status).toBe(200);
    const seen = await org.users.viewer.client.get(url(`/${created.id}`));
    expect(seen.body.steps[0].commands).toEqual({ windows: "", linux: "logrotate /etc/logrotate.conf", mac: "" });

    expect((await editor().delete(`${tasksUrl(org.organizationId)}/${command.id}`)).status).toBe(200);
    const after = await org.users.viewer.client.get(url(`/${created.id}`));
    expect(after.body.steps[0]).toMatchObject({ taskId: null, name: "Rotate logs", commands: null });
  });

  it("takes the organization from the path, never from the body", async () => {
    const created = await createWorkflow(editor(), org.organizationId, ids(), {
      organizationId: org.otherOrganizationId,
    });
    const [row] = await t.app.db.select().from(workflows).where(eq(workflows.id, created.id));
    expect(row?.organizationId).toBe(org.organizationId);
  });

  it("creates once for a repeated Idempotency-Key", async () => {
    const key = `create-${Date.now()}`;
    const body = workflowBody(ids(), { name: "Only once" });
    const first = await editor().request({
      method: "POST",
      url: url(),
      payload: body,
      headers: { "idempotency-key": key },
    });
    const again = await editor().request({
      method: "POST",
      url: url(),
      payload: body,
      headers: { "idempotency-key": key },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((again.body as { id: string }).id).toBe((first.body as { id: string }).id);
    const named = await t.app.db.select().from(workflows).where(eq(workflows.name, "Only once"));
    expect(named).toHaveLength(1);
  });
});

describe("listing", () => {
  it("lists the organization's workflows newest first, filtered by status and creator, a page at a time", async () => {
    const fresh = await createOrgWithRoles(t.app);
    const [command] = await createCommands(fresh.users.editor.client, fresh.organizationId, ["One"]);
    const made: { id: string }[] = [];
    for (const [index, client] of [fresh.users.editor, fresh.users.admin, fresh.users.editor].entries()) {
      made.push(
        await createWorkflow(client.client, fresh.organizationId, [command!.id], {
          name: `W${index}`,
          status: index === 1 ? "draft" : "active",
        }),
      );
    }
    const list = (query = "") => fresh.users.viewer.client.get(workflowsUrl(fresh.organizationId, query));

    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.items.map((item: { name: string }) => item.name)).toEqual(["W2", "W1", "W0"]);
    expect(all.body).toMatchObject({ total: 3, totalCapped: false, nextCursor: null, pageSize: 20, timezone: "UTC" });
    expect(all.body.items[0].steps).toHaveLength(1);

    expect((await list("?status=draft")).body.items.map((item: { name: string }) => item.name)).toEqual(["W1"]);
    const byEditor = await list(`?createdBy=${fresh.users.editor.id}`);
    expect(byEditor.body.items.map((item: { name: string }) => item.name)).toEqual(["W2", "W0"]);

    const first = await list("?pageSize=2");
    expect(first.body.items.map((item: { name: string }) => item.name)).toEqual(["W2", "W1"]);
    const second = await list(`?pageSize=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ total: 3, nextCursor: null, pageSize: 2 });
    expect(second.body.items.map((item: { name: string }) => item.name)).toEqual(["W0"]);

    expect((await list("?status=paused")).status).toBe(400);
    // Another organization's workflows never show.
    expect(
      (await org.users.viewer.client.get(url())).body.items.some((item: { id: string }) => item.id === made[0]!.id),
    ).toBe(false);
  });

  it("answers 404 with the spec's text for an unknown workflow", async () => {
    const response = await org.users.viewer.client.get(url("/no-such-workflow"));
    expect(response.status).toBe(404);
    expect(response.body.error).toEqual({ code: "not-found", message: WORKFLOW_MESSAGES.notFound });
  });
});

describe("updating", () => {
  it("changes what is sent, records the updater and keeps the due date as a timestamp", async () => {
    const created = await createWorkflow(editor(), org.organizationId, ids());
    const response = await org.users.admin.client.patch(url(`/${created.id}`), {
      name: "Renamed",
      status: "draft",
      dueDate: "2030-01-31T23:59:59.999+01:00",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: "Renamed",
      description: created.description,
      status: "draft",
      dueDate: "2030-01-31T22:59:59.999Z",
      updatedBy: org.users.admin.id,
      createdBy: org.users.editor.id,
    });
    const cleared = await editor().patch(url(`/${created.id}`), { dueDate: null });
    expect(cleared.body.dueDate).toBeNull();
  });

  it("recomputes the next run when the schedule changes", async () => {
    const created = await createWorkflow(editor(), org.organizationId, ids());
    const response = await editor().patch(url(`/${created.id}`), {
      schedule: { type: "monthly", isEnabled: true, time: "06:00", dayOfMonth: "28" },
    });
    expect(response.status).toBe(200);
    const next = new Date(response.body.nextExecution);
    expect(next.getUTCDate()).toBe(28);
    expect(next.getUTCHours()).toBe(6);
    const disabled = await editor().patch(url(`/${created.id}`), { schedule: { type: "monthly", isEnabled: false } });
    expect(disabled.body).toMatchObject({ nextExecution: null, schedule: { type: "manual", isEnabled: false } });
  });

  it("a new command list keeps the steps of commands still chosen, with their progress", async () => {
    const [build, ship, check] = commands;
    const created = await createWorkflow(editor(), org.organizationId, [build!.id, ship!.id]);
    const buildStep = created.steps[0]!;
    await editor().patch(url(`/${created.id}/steps/${buildStep.id}`), { status: "completed" });
    const response = await editor().patch(url(`/${created.id}`), { taskIds: [check!.id, build!.id] });
    expect(response.status).toBe(200);
    expect(
      response.body.steps.map((step: { taskId: string; status: string; position: number }) => [
        step.taskId,
        step.status,
        step.position,
      ]),
    ).toEqual([
      [check!.id, "todo", 0],
      [build!.id, "completed", 1],
    ]);
    expect(response.body.steps[1].id).toBe(buildStep.id);
    expect(response.body).toMatchObject({ taskCount: 2, completedTasks: 1, progress: 50, status: "in-progress" });
  });

  it("refuses a rename to nothing and an unknown workflow", async () => {
    const created = await createWorkflow(editor(), org.organizationId, ids());
    const blank = await editor().patch(url(`/${created.id}`), { name: " " });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe(WORKFLOW_MESSAGES.nameRequired);
    const missing = await editor().patch(url("/nope"), { name: "x" });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(WORKFLOW_MESSAGES.notFound);
  });
});

describe("reordering steps", () => {
  it("puts the steps in the given order", async () => {
    const created = await createWorkflow(editor(), org.organizationId, ids());
    const [a, b, c] = created.steps.map((step) => step.id);
    const response = await editor().put(url(`/${created.id}/steps/order`), { stepIds: [c, a, b] });
    expect(response.status).toBe(200);
    expect(response.body.steps.map((step: { id: string }) => step.id)).toEqual([c, a, b]);
    expect(response.body.steps.map((step: { position: number }) => step.position)).toEqual([0, 1, 2]);
  });

  it.each([
    ["no ids", {}],
    ["ids as text", { stepIds: "a,b,c" }],
  ])("needs the ids as an array (%s)", async (_, body) => {
    const created = await createWorkflow(editor(), org.organizationId, ids());
    const response = await editor().put(url(`/${created.id}/steps/order`), body);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(WORKFLOW_MESSAGES.reorderNeedsArray);
  });

  it("needs every step once", async () => {
    const created = await createWorkflow(editor(), org.organizationId, ids());
    const [a, b, c] = created.steps.map((step) => step.id);
    for (const stepIds of [
      [a, b],
      [a, b, b],
      [a, b, c, "other"],
      [a, b, "other"],
    ]) {
      const response = await editor().put(url(`/${created.id}/steps/order`), { stepIds });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(WORKFLOW_MESSAGES.reorderMismatch);
    }
  });
});

describe("deleting", () => {
  it("removes the workflow with its steps and runs in one go", async () => {
    const created = await createWorkflow(editor(), org.organizationId, ids());
    await editor().post(url(`/${created.id}/execute`), { mode: "checklist" });
    const response = await editor().delete(url(`/${created.id}`));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: created.id });
    expect(await t.app.db.select().from(workflowSteps).where(eq(workflowSteps.workflowId, created.id))).toEqual([]);
    expect(await t.app.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, created.id))).toEqual([]);
    expect((await editor().get(url(`/${created.id}`))).status).toBe(404);
    expect((await editor().delete(url(`/${created.id}`))).status).toBe(404);
    // The commands stay.
    expect((await editor().get(tasksUrl(org.organizationId, `/${commands[0]!.id}`))).status).toBe(200);
  });
});

describe("statistics (spec 9)", () => {
  it("counts by status, recent, overdue, average progress rounded and commands", async () => {
    const fresh = await createOrgWithRoles(t.app);
    const client = fresh.users.editor.client;
    const cmds = await createCommands(client, fresh.organizationId, ["a", "b", "c"]);
    const cmdIds = cmds.map((command) => command.id);
    const stats = () => fresh.users.viewer.client.get(workflowsUrl(fresh.organizationId, "/stats"));
    expect((await stats()).body).toEqual({
      total: 0,
      byStatus: { draft: 0, active: 0, "in-progress": 0, completed: 0 },
      recentlyCreated: 0,
      overdue: 0,
      averageProgress: 0,
      totalCommands: 0,
    });

    const draft = await createWorkflow(client, fresh.organizationId, [cmdIds[0]!], { status: "draft" });
    const overdue = await createWorkflow(client, fresh.organizationId, cmdIds, { dueDate: "2020-01-01T00:00:00Z" });
    const doneButLate = await createWorkflow(client, fresh.organizationId, cmdIds.slice(0, 2), {
      dueDate: "2020-01-01T00:00:00Z",
    });
    await client.post(workflowsUrl(fresh.organizationId, `/${doneButLate.id}/complete`));
    // One of three steps done: 33 %.
    await client.patch(workflowsUrl(fresh.organizationId, `/${overdue.id}/steps/${overdue.steps[0]!.id}`), {
      status: "completed",
    });
    // An old workflow is not recent.
    await t.app.db
      .update(workflows)
      .set({ createdAt: new Date("2020-01-01") })
      .where(eq(workflows.id, draft.id));

    expect((await stats()).body).toEqual({
      total: 3,
      byStatus: { draft: 1, active: 0, "in-progress": 1, completed: 1 },
      recentlyCreated: 2,
      overdue: 1,
      averageProgress: Math.round((0 + 33 + 100) / 3),
      totalCommands: 6,
    });
  });
});
