import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks, workflowRuns } from "../../src/db/schema/index.ts";
import { type OrgWithRoles } from "../helpers/factories.ts";
import { EventStream, baseUrlOf } from "../helpers/sse-client.ts";
import { type TestApp } from "../helpers/test-app.ts";
import { tasksUrl, workflowsUrl } from "../helpers/test-data.ts";
import { createAppWithCommands, createCommands, createWorkflow } from "./workflow-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
let commandIds: string[];
beforeAll(
  async () => ({ t, org, commandIds } = await createAppWithCommands(["Build", "Ship", "Check"], { listen: true })),
);
afterAll(() => t.close());

const editor = () => org.users.editor.client;
const url = (rest = "") => workflowsUrl(org.organizationId, rest);
const executionsOf = async (taskId: string) =>
  (await t.app.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!.executionCount;

async function markStep(workflowId: string, stepId: string, status: "todo" | "completed", client = editor()) {
  const response = await client.patch(url(`/${workflowId}/steps/${stepId}`), { status });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe("running a workflow now (spec 4 'Executing')", () => {
  it("puts it in progress, records a run by the person, and counts each command's execution", async () => {
    const created = await createWorkflow(editor(), org.organizationId, commandIds, { status: "draft" });
    const before = await Promise.all(commandIds.map(executionsOf));
    const response = await org.users.admin.client.post(url(`/${created.id}/execute`), { mode: "checklist" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      kind: "checklist",
      trigger: "manual",
      startedBy: org.users.admin.id,
      startedByName: org.users.admin.email,
      status: "running",
      finishedAt: null,
    });
    const workflow = (await editor().get(url(`/${created.id}`))).body;
    expect(workflow).toMatchObject({
      status: "in-progress",
      progress: 0,
      lastExecuted: expect.any(String),
      lastRun: { id: response.body.id, trigger: "manual", status: "running" },
    });
    expect(workflow.lastRun.startedAt).toBe(workflow.lastExecuted);
    expect(await Promise.all(commandIds.map(executionsOf))).toEqual(before.map((count) => count + 1));
    const command = await editor().get(tasksUrl(org.organizationId, `/${commandIds[0]}`));
    expect(command.body.lastExecuted).toBe(workflow.lastExecuted);

    const detail = await org.users.viewer.client.get(url(`/${created.id}`));
    expect(detail.body.runs).toHaveLength(1);
    expect(detail.body.runs[0].steps.map((step: { name: string; status: string }) => [step.name, step.status])).toEqual(
      [
        ["Build", "pending"],
        ["Ship", "pending"],
        ["Check", "pending"],
      ],
    );
  });

  it("refuses a second run while one is under way", async () => {
    const created = await createWorkflow(editor(), org.organizationId, commandIds);
    expect((await editor().post(url(`/${created.id}/execute`), { mode: "checklist" })).status).toBe(201);
    const again = await editor().post(url(`/${created.id}/execute`), { mode: "checklist" });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: "aborted", message: WORKFLOW_MESSAGES.alreadyRunning });
    const runs = await t.app.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, created.id));
    expect(runs).toHaveLength(1);
  });

  it("runs once for a repeated Idempotency-Key", async () => {
    const created = await createWorkflow(editor(), org.organizationId, commandIds);
    const before = await executionsOf(commandIds[0]!);
    const headers = { "idempotency-key": `run-${created.id}` };
    const request = {
      method: "POST",
      url: url(`/${created.id}/execute`),
      headers,
      payload: { mode: "checklist" },
    } as const;
    const first = await editor().request<{ id: string }>(request);
    const retried = await editor().request<{ id: string }>(request);
    expect(first.status).toBe(201);
    expect(retried.status).toBe(201);
    expect(retried.body.id).toBe(first.body.id);
    expect(retried.headers["idempotent-replayed"]).toBe("true");
    expect(await executionsOf(commandIds[0]!)).toBe(before + 1);
  });

  it("skips a step whose command was deleted, and does not count it (decision 007)", async () => {
    const [doomed] = await createCommands(editor(), org.organizationId, ["Doomed"]);
    const created = await createWorkflow(editor(), org.organizationId, [commandIds[0]!, doomed!.id]);
    expect((await editor().delete(tasksUrl(org.organizationId, `/${doomed!.id}`))).status).toBe(200);
    const listed = await editor().get(url(`/${created.id}`));
    expect(listed.body.steps[1]).toMatchObject({ taskId: null, name: "Doomed" });

    const response = await editor().post(url(`/${created.id}/execute`), { mode: "checklist" });
    expect(response.status).toBe(201);
    const detail = await editor().get(url(`/${created.id}`));
    expect(detail.body.runs[0].steps.map((step: { status: string }) => step.status)).toEqual(["pending", "skipped"]);
  });
});

describe("steps and progress (spec 4 recalculation)", () => {
  it("goes draft → in progress → completed as steps are done, and the run succeeds", async () => {
    const created = await createWorkflow(editor(), org.organizationId, commandIds);
    const [a, b, c] = created.steps.map((step) => step.id) as [string, string, string];

    let body = await markStep(created.id, a, "completed");
    expect(body).toMatchObject({ status: "in-progress", progress: 33, completedTasks: 1, taskCount: 3 });
    expect(body.steps[0]).toMatchObject({ status: "completed", completedBy: org.users.editor.id });
    body = await markStep(created.id, a, "todo");
    expect(body).toMatchObject({ status: "draft", progress: 0, completedTasks: 0 });
    expect(body.steps[0]).toMatchObject({ status: "todo", completedAt: null, completedBy: null });

    // Run it, then do every step: the run ends as succeeded.
    await editor().post(url(`/${created.id}/execute`), { mode: "checklist" });
    body = await markStep(created.id, b, "completed");
    expect(body).toMatchObject({ status: "in-progress", progress: 33 });
    body = await markStep(created.id, b, "todo");
    expect(body).toMatchObject({ status: "in-progress", progress: 0 }); // a run is under way: not a draft
    await markStep(created.id, a, "completed");
    body = await markStep(created.id, b, "completed");
    expect(body).toMatchObject({ status: "in-progress", progress: 67 });
    body = await markStep(created.id, c, "completed", org.users.owner.client);
    expect(body).toMatchObject({
      status: "completed",
      progress: 100,
      completedTasks: 3,
      completedAt: expect.any(String),
      completedBy: org.users.owner.id,
      lastRun: { status: "succeeded", finishedAt: expect.any(String) },
    });
    const detail = await editor().get(url(`/${created.id}`));
    expect(detail.body.runs[0].steps.map((step: { status: string }) => step.status)).toEqual([
      "succeeded",
      "succeeded",
      "succeeded",
    ]);

    // Undoing a step reopens the workflow; the finished run stays as it was.
    body = await markStep(created.id, c, "todo");
    expect(body).toMatchObject({ status: "in-progress", progress: 67, completedAt: null, completedBy: null });
    expect(body.lastRun.status).toBe("succeeded");
  });

  it("a new run starts every step over", async () => {
    const created = await createWorkflow(editor(), org.organizationId, commandIds);
    await editor().post(url(`/${created.id}/complete`));
    expect((await editor().post(url(`/${created.id}/execute`), { mode: "checklist" })).status).toBe(201);
    const response = await editor().get(url(`/${created.id}`));
    expect(response.body).toMatchObject({ status: "in-progress", progress: 0, completedTasks: 0, completedAt: null });
    expect(response.body.steps.every((step: { status: string }) => step.status === "todo")).toBe(true);
  });

  it("answers 404 for a step of another workflow", async () => {
    const one = await createWorkflow(editor(), org.organizationId, commandIds);
    const other = await createWorkflow(editor(), org.organizationId, commandIds);
    const response = await editor().patch(url(`/${one.id}/steps/${other.steps[0]!.id}`), { status: "completed" });
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(WORKFLOW_MESSAGES.stepNotFound);
    const bad = await editor().patch(url(`/${one.id}/steps/${one.steps[0]!.id}`), { status: "done" });
    expect(bad.status).toBe(400);
  });

  it("counts right when many steps are toggled at once", async () => {
    const many = await createCommands(
      editor(),
      org.organizationId,
      Array.from({ length: 12 }, (_, index) => `Step ${index}`),
    );
    const created = await createWorkflow(
      editor(),
      org.organizationId,
      many.map((command) => command.id),
    );
    await editor().post(url(`/${created.id}/execute`), { mode: "checklist" });
    const clients = [org.users.editor.client, org.users.admin.client, org.users.owner.client];
    const responses = await Promise.all(
      created.steps.map((step, index) =>
        clients[index % clients.length]!.patch(url(`/${created.id}/steps/${step.id}`), { status: "completed" }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(created.steps.map(() => 200));
    const after = await editor().get(url(`/${created.id}`));
    expect(after.body).toMatchObject({ status: "completed", progress: 100, completedTasks: 12 });
    expect(after.body.runs[0].status).toBe("succeeded");

    // Half undone, half redone, all at once.
    await Promise.all(
      created.steps.map((step, index) =>
        clients[index % clients.length]!.patch(url(`/${created.id}/steps/${step.id}`), {
          status: index % 2 === 0 ? "todo" : "completed",
        }),
      ),
    );
    const mixed = await editor().get(url(`/${created.id}`));
    expect(mixed.body).toMatchObject({ status: "in-progress", progress: 50, completedTasks: 6 });
  });
});

describe("start and complete (spec 4)", () => {
  it("start sets in progress with who and when; complete sets 100 % with who and when", async () => {
    const created = await createWorkflow(editor(), org.organizationId, commandIds, { status: "draft" });
    const started = await org.users.admin.client.post(url(`/${created.id}/start`));
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      status: "in-progress",
      startedAt: expect.any(String),
      startedBy: org.users.admin.id,
      progress: 0,
    });
    await editor().post(url(`/${created.id}/execute`), { mode: "checklist" });
    const completed = await editor().post(url(`/${created.id}/complete`));
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      status: "completed",
      progress: 100,
      completedTasks: 3,
      completedAt: expect.any(String),
      completedBy: org.users.editor.id,
      lastRun: { status: "succeeded" },
    });
    expect(completed.body.steps.every((step: { status: string }) => step.status === "completed")).toBe(true);

    // Starting a completed workflow starts it over.
    const again = await editor().post(url(`/${created.id}/start`));
    expect(again.body).toMatchObject({ status: "in-progress", progress: 0, completedTasks: 0, completedAt: null });
  });

  it("answers 404 for an unknown workflow", async () => {
    for (const action of ["start", "complete", "execute"]) {
      const response = await editor().post(url(`/missing/${action}`));
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe(WORKFLOW_MESSAGES.notFound);
    }
  });
});

describe("run history", () => {
  it("pages through the runs, newest first, with one cursor (the runs list of page numbers is gone)", async () => {
    const created = await createWorkflow(editor(), org.organizationId, commandIds);
    for (let run = 0; run < 3; run++) {
      await editor().post(url(`/${created.id}/execute`), { mode: "checklist" });
      await editor().post(url(`/${created.id}/complete`));
    }
    const page = await org.users.viewer.client.get(url(`/${created.id}/history?limit=2`));
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(2);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    const [newest, older] = page.body.items;
    expect(new Date(newest.startedAt).getTime()).toBeGreaterThanOrEqual(new Date(older.startedAt).getTime());
    const rest = await org.users.viewer.client.get(
      url(`/${created.id}/history?limit=2&cursor=${encodeURIComponent(page.body.nextCursor)}`),
    );
    expect(rest.body.items).toHaveLength(1);
    expect(rest.body.nextCursor).toBeNull();
    const all = [...page.body.items, ...rest.body.items];
    expect(all.every((run: { status: string }) => run.status === "succeeded")).toBe(true);
    expect(new Set(all.map((run: { id: string }) => run.id)).size).toBe(3);
    expect((await editor().get(url("/missing/history"))).status).toBe(404);
    expect((await editor().get(url(`/${created.id}/runs`))).status).toBe(404);
  });
});

describe("live updates (spec 4 'Screens')", () => {
  it("announces every change to the organization's listeners", async () => {
    const stream = await EventStream.open(`${baseUrlOf(t.app)}/api/orgs/${org.organizationId}/events`, editor());
    try {
      await stream.next();
      const created = await createWorkflow(editor(), org.organizationId, commandIds);
      expect(await stream.nextChange()).toEqual({ entity: "workflow", id: created.id, action: "created" });
      await editor().post(url(`/${created.id}/execute`), { mode: "checklist" });
      expect(await stream.nextChange()).toEqual({ entity: "workflow", id: created.id, action: "updated" });
      await markStep(created.id, created.steps[0]!.id, "completed");
      expect(await stream.nextChange()).toEqual({ entity: "workflow", id: created.id, action: "updated" });
      await editor().delete(url(`/${created.id}`));
      expect(await stream.nextChange()).toEqual({ entity: "workflow", id: created.id, action: "deleted" });
    } finally {
      stream.close();
    }
  });
});
