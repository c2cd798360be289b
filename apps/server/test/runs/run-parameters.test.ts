import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, workflows } from "../../src/db/schema/index.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { workflowBody, workflowsUrl } from "../helpers/test-data.ts";
import { registerRunner } from "../runners/runner-client.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";

/**
 * Typed run parameters (decision 061) through the API: the declaration on the workflow, the values
 * checked on the server on every way a run starts, kept on the run and given to its runner.
 */
let t: TestApp;
let org: OrgWithRoles;
let taskId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "0" } });
  org = await createOrgWithRoles(t.app);
  taskId = (
    await createTask(org.users.editor.client, org.organizationId, { name: "Deploy", commands: { linux: "make" } })
  ).id;
});
afterAll(() => t.close());

const PARAMETERS = [
  { name: "host", label: "Host", type: "text", required: true, default: "web-1", pattern: "web-\\d+" },
  { name: "count", label: "Count", type: "number", min: 1, max: 9, integer: true },
  { name: "dry_run", label: "Dry run", type: "boolean", help: "Only print what would change" },
  { name: "notes", label: "Notes", type: "multiline" },
  { name: "region", label: "Region", type: "choice", choices: ["eu", "us"], default: "eu" },
  { name: "zones", label: "Zones", type: "multichoice", choices: ["a", "b", "c"] },
  { name: "day", label: "Day", type: "date" },
];

const editor = () => org.users.editor.client;
const url = (workflowId: string, rest: string) => `/api/orgs/${org.organizationId}/workflows/${workflowId}/${rest}`;
const execute = (workflowId: string, body: unknown) => editor().post(url(workflowId, "execute"), body);

async function workflowWith(overrides: Record<string, unknown> = {}) {
  return createWorkflow(editor(), org.organizationId, [taskId], { parameters: PARAMETERS, ...overrides });
}

describe("a workflow's parameters", () => {
  it("are saved normalized, read back and listed by run-options for scripts", async () => {
    const workflow = await workflowWith();
    expect(workflow.parameters[0]).toEqual({
      name: "host",
      label: "Host",
      help: "",
      type: "text",
      required: true,
      default: "web-1",
      pattern: "web-\\d+",
    });
    const read = await org.users.viewer.client.get(workflowsUrl(org.organizationId, `/${workflow.id}`));
    expect(read.body.parameters).toEqual(workflow.parameters);
    const options = await org.users.viewer.client.get(url(workflow.id, "run-options"));
    expect(options.status).toBe(200);
    expect(options.body.parameters).toEqual(workflow.parameters);
  });

  it.each([
    [[{ name: "Host", type: "text" }], "parameters.0.name"],
    [[{ name: "c", type: "choice" }], "parameters.0.choices"],
    [[{ name: "p", type: "text", pattern: "(a+)+" }], "parameters.0.pattern"],
    [[{ name: "n", type: "number", max: 3, default: 4 }], "parameters.0.default"],
    [
      [
        { name: "a", type: "text" },
        { name: "a", type: "date" },
      ],
      "parameters.1.name",
    ],
  ])("refuses a bad declaration %j with a 400 naming %s", async (parameters, field) => {
    const response = await editor().post(workflowsUrl(org.organizationId), workflowBody([taskId], { parameters }));
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toContain(field);
  });
});

describe("POST execute with parameters", () => {
  it("takes a valid value of each type, applies the defaults and answers them on the run", async () => {
    const workflow = await workflowWith();
    const values = { count: "3", dry_run: true, notes: "a\nb", zones: ["a", "c"], day: "2026-12-31" };
    const response = await execute(workflow.id, { platform: "linux", parameters: values });
    expect(response.status).toBe(201);
    expect(response.body.parameters).toEqual({
      host: "web-1",
      count: 3,
      dry_run: true,
      notes: "a\nb",
      region: "eu",
      zones: ["a", "c"],
      day: "2026-12-31",
    });
    expect(response.body.parameterLabels[0]).toEqual({ name: "host", label: "Host", type: "text" });
    await editor().post(`/api/orgs/${org.organizationId}/runs/${response.body.id}/cancel`);
  });

  it.each([
    ["host", "db-1", "Host must match the pattern web-\\d+"],
    ["host", "web-1\nweb-2", "Host must be one line"],
    ["count", 0, "Count must be at least 1"],
    ["count", 1.5, "Count must be a whole number"],
    ["count", "lots", "Count must be a number"],
    ["dry_run", "maybe", "Dry run must be true or false"],
    ["notes", 42, "Notes must be text"],
    ["region", "asia", "Region must be one of: eu, us"],
    ["zones", ["d"], "Zones must be a list of: a, b, c"],
    ["day", "2026-13-01", "Day must be a date like 2026-12-31"],
    ["unknown", "x", "unknown is not a parameter of this workflow"],
  ])("refuses %s = %j with a 400 naming the field", async (name, value, message) => {
    const workflow = await workflowWith();
    const response = await execute(workflow.id, { platform: "linux", parameters: { [name]: value } });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: "invalid-argument",
      message,
      fields: { [`parameters.${name}`]: message },
    });
  });

  it("refuses a required parameter without a default left empty", async () => {
    const workflow = await workflowWith({
      parameters: [{ name: "version", label: "Version", type: "text", required: true }],
    });
    const response = await execute(workflow.id, { platform: "linux" });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ "parameters.version": "Version is required" });
  });

  it("gives the runner each value as FLOWDECK_PARAM_<NAME> in the job's environment", async () => {
    const own = await createOrgWithRoles(t.app);
    const task = await createTask(own.users.editor.client, own.organizationId, {
      name: "Echo",
      commands: { linux: "env" },
    });
    const workflow = await createWorkflow(own.users.editor.client, own.organizationId, [task.id], {
      parameters: PARAMETERS,
    });
    const { client } = await registerRunner(t.app, own.users.admin.client, own.organizationId);
    const run = await own.users.editor.client.post(`/api/orgs/${own.organizationId}/workflows/${workflow.id}/execute`, {
      platform: "linux",
      parameters: { host: "web-7", count: 2, zones: ["b", "c"] },
    });
    expect(run.status).toBe(201);
    const claimed = await client.claim();
    expect(claimed.body.job.env).toMatchObject({
      FLOWDECK_PARAM_HOST: "web-7",
      FLOWDECK_PARAM_COUNT: "2",
      FLOWDECK_PARAM_DRY_RUN: "false",
      FLOWDECK_PARAM_NOTES: "",
      FLOWDECK_PARAM_REGION: "eu",
      FLOWDECK_PARAM_ZONES: "b\nc",
      FLOWDECK_PARAM_DAY: "",
    });
    // Never in the command line: the step's command is the command as written.
    expect(claimed.body.job.steps[0].command).toBe("env");
  });

  it("keeps a run's values and labels when the declaration changes, in the run and the history", async () => {
    const workflow = await workflowWith();
    const run = await execute(workflow.id, { mode: "checklist", parameters: { host: "web-3" } });
    expect(run.status).toBe(201);
    expect(run.body.kind).toBe("checklist");
    const changed = await editor().patch(workflowsUrl(org.organizationId, `/${workflow.id}`), {
      parameters: [{ name: "target", label: "Target", type: "text" }],
    });
    expect(changed.status).toBe(200);
    const read = await org.users.viewer.client.get(`/api/orgs/${org.organizationId}/runs/${run.body.id}`);
    expect(read.body.parameters).toMatchObject({ host: "web-3", region: "eu" });
    expect(read.body.parameterLabels.map((item: { label: string }) => item.label)).toEqual([
      "Host",
      "Count",
      "Dry run",
      "Notes",
      "Region",
      "Zones",
      "Day",
    ]);
    const history = await org.users.viewer.client.get(url(workflow.id, "history"));
    expect(history.body.items[0].parameters).toMatchObject({ host: "web-3" });
  });

  it("a workflow without parameters runs as before, with none", async () => {
    const workflow = await createWorkflow(editor(), org.organizationId, [taskId]);
    const response = await execute(workflow.id, { mode: "checklist" });
    expect(response.status).toBe(201);
    expect(response.body.parameters).toEqual({});
    expect(workflow.parameters).toEqual([]);
  });
});

describe("a schedule's parameters", () => {
  const daily = { type: "daily", isEnabled: true, time: "09:00" };
  const required = [{ name: "version", label: "Version", type: "text", required: true }];

  it("refuses to save a schedule whose workflow has a required parameter with neither default nor saved value", async () => {
    const created = await editor().post(
      workflowsUrl(org.organizationId),
      workflowBody([taskId], { parameters: required, schedule: daily }),
    );
    expect(created.status).toBe(400);
    expect(created.body.error.message).toBe("The schedule cannot start its runs: Version is required");
    expect(created.body.error.fields).toEqual({ "scheduleParameters.version": "Version is required" });
    // A manual workflow may have it; enabling its schedule later is refused the same way.
    const manual = await workflowWith({ parameters: required });
    const enabled = await editor().patch(workflowsUrl(org.organizationId, `/${manual.id}`), { schedule: daily });
    expect(enabled.status).toBe(400);
    expect(enabled.body.error.fields).toEqual({ "scheduleParameters.version": "Version is required" });
    // With a value saved on the schedule, it is saved.
    const saved = await editor().patch(workflowsUrl(org.organizationId, `/${manual.id}`), {
      schedule: daily,
      scheduleParameters: { version: "1.4.2" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.scheduleParameters).toEqual({ version: "1.4.2" });
  });

  it("refuses a changed declaration that the schedule's saved values no longer fit, naming the value", async () => {
    const workflow = await workflowWith({
      parameters: [{ name: "count", label: "Count", type: "number" }],
      schedule: daily,
      scheduleParameters: { count: 12 },
    });
    const response = await editor().patch(workflowsUrl(org.organizationId, `/${workflow.id}`), {
      parameters: [{ name: "count", label: "Count", type: "number", max: 9 }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ "scheduleParameters.count": "Count must be at most 9" });
    // A parameter removed takes its saved value with it.
    const removed = await editor().patch(workflowsUrl(org.organizationId, `/${workflow.id}`), { parameters: [] });
    expect(removed.status).toBe(200);
    expect(removed.body.scheduleParameters).toEqual({});
  });

  it("a scheduled run gets the defaults, and the values saved on the schedule", async () => {
    const workflow = await workflowWith({ schedule: daily, scheduleParameters: { zones: ["b"] } });
    const now = new Date();
    await t.app.db
      .update(workflows)
      .set({ nextExecution: new Date(now.getTime() - 60_000) })
      .where(eq(workflows.id, workflow.id));
    const result = await createScheduler({ db: t.app.db, events: t.app.events }).tick(now);
    expect(result.ran).toContain(workflow.id);
    const history = await org.users.viewer.client.get(url(workflow.id, "history"));
    expect(history.body.items[0]).toMatchObject({
      trigger: "schedule",
      parameters: {
        host: "web-1",
        count: null,
        dry_run: false,
        notes: null,
        region: "eu",
        zones: ["b"],
        day: null,
      },
    });
  });

  it("a due time queued behind a run under way starts with the schedule's values once that run ends", async () => {
    const workflow = await workflowWith({
      schedule: daily,
      concurrencyPolicy: "queue",
      scheduleParameters: { host: "web-9" },
    });
    const busy = await execute(workflow.id, { mode: "checklist", parameters: { host: "web-3" } });
    expect(busy.status).toBe(201);
    const now = new Date();
    await t.app.db
      .update(workflows)
      .set({ nextExecution: new Date(now.getTime() - 60_000) })
      .where(eq(workflows.id, workflow.id));
    const scheduler = createScheduler({ db: t.app.db, events: t.app.events });
    expect((await scheduler.tick(now)).ran).not.toContain(workflow.id);
    await editor().post(`/api/orgs/${org.organizationId}/runs/${busy.body.id}/cancel`);
    expect((await scheduler.tick(new Date())).ran).toContain(workflow.id);
    const history = await org.users.viewer.client.get(url(workflow.id, "history"));
    expect(
      history.body.items.map((item: { trigger: string; parameters: { host: string } }) => [
        item.trigger,
        item.parameters.host,
      ]),
    ).toEqual([
      ["schedule", "web-9"],
      ["manual", "web-3"],
    ]);
  });

  it("a scheduled run whose saved values no longer fit does not start, and the audit log says why", async () => {
    const workflow = await workflowWith({ schedule: daily });
    // As a row written before the declaration changed would hold it.
    const now = new Date();
    await t.app.db
      .update(workflows)
      .set({ scheduleParameters: { count: 99 }, nextExecution: new Date(now.getTime() - 60_000) })
      .where(eq(workflows.id, workflow.id));
    await createScheduler({ db: t.app.db, events: t.app.events }).tick(now);
    const history = await org.users.viewer.client.get(url(workflow.id, "history"));
    expect(history.body.items).toEqual([]);
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, workflow.id), eq(auditLog.action, "workflow.rescheduled")));
    expect(row?.summary).toBe(
      `Could not start the workflow "${workflow.name}" (Count must be at most 9); moved it to its next execution`,
    );
  });
});
