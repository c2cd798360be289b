import { randomUUID } from "node:crypto";
import { MESSAGES } from "@flowdeck/shared";
import { TASK_MESSAGES } from "@flowdeck/shared/tasks/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, tasks } from "../../src/db/schema/index.ts";
import { IDEMPOTENCY_TEXTS } from "../../src/lib/idempotency.ts";
import { addMember, createUser, type OrgWithRoles } from "../helpers/factories.ts";
import { EventStream, baseUrlOf } from "../helpers/sse-client.ts";
import { createAppWithRoles, type TestApp } from "../helpers/test-app.ts";
import { taskBody, tasksUrl } from "../helpers/test-data.ts";
import { createTask } from "./task-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => ({ t, org } = await createAppWithRoles({ listen: true })));
afterAll(() => t.close());

const editor = () => org.users.editor.client;

describe("creating a task", () => {
  it("stores the command with the creator, trimmed texts and defaults", async () => {
    const response = await editor().post(
      tasksUrl(org.organizationId),
      taskBody({
        name: "  Rotate logs  ",
        description: "  weekly  ",
        category: undefined,
        commands: { windows: "  ", linux: "  logrotate -f /etc/logrotate.conf ", mac: "" },
        tags: [" ops ", "", "logs", "OPS", "   "],
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: "Rotate logs",
      description: "weekly",
      category: "general",
      status: "active",
      commands: { windows: "", linux: "logrotate -f /etc/logrotate.conf", mac: "" },
      tags: ["ops", "logs"],
      executionCount: 0,
      lastExecuted: null,
      assigneeId: null,
      assigneeName: null,
      projectId: null,
      priority: null,
      dueDate: null,
      workflowCount: 0,
      createdBy: org.users.editor.id,
      updatedBy: org.users.editor.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const fetched = await org.users.viewer.client.get(tasksUrl(org.organizationId, `/${response.body.id}`));
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(response.body);
  });

  it("keeps an assignee who is a member, a project, a priority and a due date as a timestamp", async () => {
    const response = await editor().post(
      tasksUrl(org.organizationId),
      taskBody({
        assigneeId: org.users.viewer.id,
        projectId: " apollo ",
        priority: "high",
        dueDate: "2030-01-31T23:59:59.999+01:00",
        status: "inactive",
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      assigneeId: org.users.viewer.id,
      assigneeName: org.users.viewer.email,
      projectId: "apollo",
      priority: "high",
      dueDate: "2030-01-31T22:59:59.999Z",
      status: "inactive",
    });
  });

  it.each([
    ["no name", { name: undefined }, "name", TASK_MESSAGES.nameRequired],
    ["a blank name", { name: "   " }, "name", TASK_MESSAGES.nameRequired],
    ["no commands", { commands: undefined }, "commands", TASK_MESSAGES.commandRequired],
    [
      "only blank commands",
      { commands: { windows: " ", linux: "", mac: "\t" } },
      "commands",
      TASK_MESSAGES.commandRequired,
    ],
    ["an unknown category", { category: "cooking" }, "category", "Please choose a category"],
    ["an unknown status", { status: "done" }, "status", "Status must be active or inactive"],
    ["an unknown priority", { priority: "asap" }, "priority", "Please choose a priority"],
    ["a due date that is not a timestamp", { dueDate: "next week" }, "dueDate", TASK_MESSAGES.dueDateInvalid],
    ["a name too long", { name: "x".repeat(201) }, "name", "Task name must be at most 200 characters"],
  ])("refuses %s with the spec's text", async (_, overrides, field, message) => {
    const response = await editor().post(tasksUrl(org.organizationId), taskBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid-argument");
    expect(response.body.error.fields[field]).toBe(message);
  });

  it("refuses an assignee who is not a member, such as another organization's owner", async () => {
    for (const assigneeId of [org.users.outsider.id, randomUUID()]) {
      const response = await editor().post(tasksUrl(org.organizationId), taskBody({ assigneeId }));
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({
        code: "invalid-argument",
        message: TASK_MESSAGES.assigneeNotMember,
        fields: { assigneeId: TASK_MESSAGES.assigneeNotMember },
      });
    }
  });

  it("creates once for a repeated Idempotency-Key, and refuses the key with another body", async () => {
    const key = randomUUID();
    const body = taskBody({ name: "Keyed once" });
    const send = (payload: object) =>
      editor().request({
        method: "POST",
        url: tasksUrl(org.organizationId),
        payload,
        headers: { "idempotency-key": key },
      });
    const first = await send(body);
    const again = await send(body);
    expect(first.status).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    const other = await send(taskBody({ name: "Keyed twice" }));
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ error: { code: "aborted", message: IDEMPOTENCY_TEXTS.keyReused } });
    const named = await t.app.db.select().from(tasks).where(eq(tasks.organizationId, org.organizationId));
    expect(named.filter((task) => task.name.startsWith("Keyed")).map((task) => task.name)).toEqual(["Keyed once"]);
  });

  it("takes the organization from the path, never from the body", async () => {
    const created = await createTask(editor(), org.organizationId, { organizationId: org.otherOrganizationId });
    const [row] = await t.app.db.select().from(tasks).where(eq(tasks.id, created.id));
    expect(row?.organizationId).toBe(org.organizationId);
  });
});

describe("updating a task", () => {
  it("changes only what is sent and records the updater and the time", async () => {
    const created = await createTask(org.users.owner.client, org.organizationId, { priority: "low" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await editor().patch(tasksUrl(org.organizationId, `/${created.id}`), {
      name: "  Reload nginx ",
      status: "inactive",
      tags: ["web", " reload ", ""],
      priority: null,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: "Reload nginx",
      status: "inactive",
      tags: ["web", "reload"],
      priority: null,
      description: created.description,
      commands: created.commands,
      category: created.category,
      createdBy: org.users.owner.id,
      updatedBy: org.users.editor.id,
    });
    expect(new Date(response.body.updatedAt).getTime()).toBeGreaterThan(new Date(created.updatedAt).getTime());
  });

  it("sets and clears the due date and the assignee", async () => {
    const created = await createTask(editor(), org.organizationId);
    const url = tasksUrl(org.organizationId, `/${created.id}`);
    const set = await editor().patch(url, { dueDate: "2031-06-01T12:00:00Z", assigneeId: org.users.admin.id });
    expect(set.body).toMatchObject({ dueDate: "2031-06-01T12:00:00.000Z", assigneeId: org.users.admin.id });
    const cleared = await editor().patch(url, { dueDate: null, assigneeId: null });
    expect(cleared.body).toMatchObject({ dueDate: null, assigneeId: null, assigneeName: null });
  });

  it("keeps an assignee who has left the organization when the form sends it back unchanged", async () => {
    const leaver = await createUser(t.app);
    await addMember(t.app, { organizationId: org.organizationId, userId: leaver.id, role: "viewer" });
    const created = await createTask(editor(), org.organizationId, { assigneeId: leaver.id });
    await t.app.db
      .delete(memberships)
      .where(and(eq(memberships.userId, leaver.id), eq(memberships.organizationId, org.organizationId)));
    const response = await editor().patch(tasksUrl(org.organizationId, `/${created.id}`), {
      name: "Renamed",
      assigneeId: leaver.id,
    });
    expect(response.status).toBe(200);
    expect(response.body.assigneeId).toBe(leaver.id);
  });

  it.each([
    [{ name: "" }, "name", TASK_MESSAGES.nameRequired],
    [{ commands: { windows: "", linux: "  " } }, "commands", TASK_MESSAGES.commandRequired],
  ])("refuses %j with the spec's text", async (body, field, message) => {
    const created = await createTask(editor(), org.organizationId);
    const response = await editor().patch(tasksUrl(org.organizationId, `/${created.id}`), body);
    expect(response.status).toBe(400);
    expect(response.body.error.fields[field]).toBe(message);
  });
});

describe("missing and foreign tasks", () => {
  it("answers 'Task not found' for an unknown id, on every route", async () => {
    const url = tasksUrl(org.organizationId, `/${randomUUID()}`);
    for (const response of [
      await editor().get(url),
      await editor().patch(url, { name: "x" }),
      await editor().delete(url),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { code: "not-found", message: TASK_MESSAGES.notFound } });
    }
  });

  it("answers 'Task not found' for another organization's task, even to its own owner through this path", async () => {
    const foreign = await createTask(org.users.outsider.client, org.otherOrganizationId);
    const url = tasksUrl(org.organizationId, `/${foreign.id}`);
    for (const response of [
      await editor().get(url),
      await editor().patch(url, { name: "x" }),
      await editor().delete(url),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe(TASK_MESSAGES.notFound);
    }
    const untouched = await org.users.outsider.client.get(tasksUrl(org.otherOrganizationId, `/${foreign.id}`));
    expect(untouched.body.name).toBe(foreign.name);
  });

  it("answers 'Task ID is required' for an empty id", async () => {
    const url = tasksUrl(org.organizationId, "/");
    for (const response of [
      await editor().get(url),
      await editor().patch(url, { name: "x" }),
      await editor().delete(url),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(MESSAGES.taskIdRequired);
    }
  });
});

describe("deleting a task", () => {
  it("removes it for good", async () => {
    const created = await createTask(editor(), org.organizationId);
    const response = await editor().delete(tasksUrl(org.organizationId, `/${created.id}`));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: created.id, detachedFrom: [] });
    expect((await editor().get(tasksUrl(org.organizationId, `/${created.id}`))).status).toBe(404);
  });
});

describe("live updates", () => {
  it("announces each change to the organization's subscribers after it commits", async () => {
    const stream = await EventStream.open(
      `${baseUrlOf(t.app)}/api/orgs/${org.organizationId}/events`,
      org.users.viewer.client,
    );
    try {
      await stream.next(); // connected
      const created = await createTask(editor(), org.organizationId);
      expect(await stream.nextChange()).toEqual({ entity: "task", id: created.id, action: "created" });
      await editor().patch(tasksUrl(org.organizationId, `/${created.id}`), { status: "inactive" });
      expect(await stream.nextChange()).toEqual({ entity: "task", id: created.id, action: "updated" });
      await editor().delete(tasksUrl(org.organizationId, `/${created.id}`));
      expect(await stream.nextChange()).toEqual({ entity: "task", id: created.id, action: "deleted" });
    } finally {
      stream.close();
    }
  });

  it("announces nothing for a refused change", async () => {
    const stream = await EventStream.open(
      `${baseUrlOf(t.app)}/api/orgs/${org.organizationId}/events`,
      org.users.viewer.client,
    );
    try {
      await stream.next();
      await editor().post(tasksUrl(org.organizationId), taskBody({ name: "" }));
      await org.users.viewer.client.post(tasksUrl(org.organizationId), taskBody());
      const marker = await createTask(editor(), org.organizationId);
      expect(await stream.nextChange()).toEqual({ entity: "task", id: marker.id, action: "created" });
    } finally {
      stream.close();
    }
  });
});
