import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks, workflowSteps, workflows } from "../../src/db/schema/index.ts";
import { findTasksByIds, recordExecution } from "../../src/modules/tasks/repository.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { EventStream, baseUrlOf } from "../helpers/sse-client.ts";
import { createAppWithRoles, type TestApp } from "../helpers/test-app.ts";
import { tasksUrl } from "../helpers/test-data.ts";
import { createTask } from "./task-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => ({ t, org } = await createAppWithRoles({ listen: true })));
afterAll(() => t.close());

/** A workflow with one step per task, written directly (the workflows API is another feature). */
async function insertWorkflow(name: string, steps: { id: string; name: string }[]) {
  const [workflow] = await t.app.db
    .insert(workflows)
    .values({ organizationId: org.organizationId, name, taskCount: steps.length })
    .returning({ id: workflows.id });
  await t.app.db.insert(workflowSteps).values(
    steps.map((task, position) => ({
      workflowId: workflow!.id,
      organizationId: org.organizationId,
      taskId: task.id,
      position,
      name: task.name,
    })),
  );
  return workflow!.id;
}

function stepsOf(workflowId: string) {
  return t.app.db
    .select({ taskId: workflowSteps.taskId, name: workflowSteps.name, category: workflowSteps.category })
    .from(workflowSteps)
    .where(eq(workflowSteps.workflowId, workflowId))
    .orderBy(workflowSteps.position);
}

describe("deleting a command that workflows use", () => {
  it("keeps each step with the command's latest name, marked as deleted, and names the workflows", async () => {
    const editor = org.users.editor.client;
    const used = await createTask(editor, org.organizationId, { name: "Old name", category: "backup" });
    const other = await createTask(editor, org.organizationId, { name: "Stays" });
    const deploy = await insertWorkflow("Deploy", [used, other, used]);
    const nightly = await insertWorkflow("Nightly", [used]);
    const untouched = await insertWorkflow("Unrelated", [other]);
    // Open before the rename: on PostgreSQL its change can reach the stream after the rename's
    // answer, so it is read here rather than mistaken for one of the deletion's.
    const stream = await EventStream.open(`${baseUrlOf(t.app)}/api/orgs/${org.organizationId}/events`, editor);
    try {
      await stream.next();
      // Renamed after the workflows copied it: the steps get the name it had when it was deleted.
      await editor.patch(tasksUrl(org.organizationId, `/${used.id}`), { name: "Back up everything" });
      expect(await stream.nextChange()).toEqual({ entity: "task", id: used.id, action: "updated" });

      const listed = await editor.get(tasksUrl(org.organizationId, `/${used.id}`));
      expect(listed.body.workflowCount).toBe(2);

      const response = await editor.delete(tasksUrl(org.organizationId, `/${used.id}`));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: used.id,
        detachedFrom: [
          { id: deploy, name: "Deploy" },
          { id: nightly, name: "Nightly" },
        ],
      });
      const events = [await stream.nextChange(), await stream.nextChange(), await stream.nextChange()];
      expect(events).toEqual([
        { entity: "task", id: used.id, action: "deleted" },
        { entity: "workflow", id: deploy, action: "updated" },
        { entity: "workflow", id: nightly, action: "updated" },
      ]);
    } finally {
      stream.close();
    }

    expect(await stepsOf(deploy)).toEqual([
      { taskId: null, name: "Back up everything", category: "backup" },
      { taskId: other.id, name: "Stays", category: "general" },
      { taskId: null, name: "Back up everything", category: "backup" },
    ]);
    expect(await stepsOf(nightly)).toEqual([{ taskId: null, name: "Back up everything", category: "backup" }]);
    expect(await stepsOf(untouched)).toEqual([{ taskId: other.id, name: "Stays", category: "general" }]);
    expect((await editor.get(tasksUrl(org.organizationId, `/${other.id}`))).body.workflowCount).toBe(2);
  });
});

describe("what the workflows feature reads and records", () => {
  it("finds commands by id within the organization, and counts runs", async () => {
    const fresh = await createOrgWithRoles(t.app);
    const client = fresh.users.editor.client;
    const zulu = await createTask(client, fresh.organizationId, { name: "zulu", commands: { windows: "dir" } });
    const alpha = await createTask(client, fresh.organizationId, { name: "Alpha" });
    const off = await createTask(client, fresh.organizationId, { name: "Beta", status: "inactive" });
    const foreign = await createTask(fresh.users.outsider.client, fresh.otherOrganizationId, { name: "Foreign" });

    const found = await findTasksByIds(t.app.db, fresh.organizationId, [off.id, foreign.id, alpha.id, alpha.id]);
    expect(found.map((task) => task.id).sort()).toEqual([alpha.id, off.id].sort());
    expect(await findTasksByIds(t.app.db, fresh.organizationId, [])).toEqual([]);

    const first = new Date("2030-01-01T10:00:00Z");
    const earlier = new Date("2029-12-31T10:00:00Z");
    await t.app.db.transaction((tx) => recordExecution(tx, fresh.organizationId, [alpha.id, zulu.id, alpha.id], first));
    await recordExecution(t.app.db, fresh.organizationId, [alpha.id, foreign.id], earlier);
    const read = async (id: string) => (await t.app.db.select().from(tasks).where(eq(tasks.id, id)))[0];
    expect(await read(alpha.id)).toMatchObject({ executionCount: 3, lastExecuted: first });
    expect(await read(zulu.id)).toMatchObject({ executionCount: 1, lastExecuted: first });
    // Another organization's command is not counted through this one.
    expect(await read(foreign.id)).toMatchObject({ executionCount: 0, lastExecuted: null });
    const shown = await client.get(tasksUrl(fresh.organizationId, `/${alpha.id}`));
    expect(shown.body).toMatchObject({ executionCount: 3, lastExecuted: first.toISOString() });
  });
});
