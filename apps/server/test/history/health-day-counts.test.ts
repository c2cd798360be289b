import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflowRuns } from "../../src/db/schema/index.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createCommands, createWorkflow } from "../workflows/workflow-factory.ts";

// Decision 034: the health panel reads per-day counts that a trigger keeps in step with every run.

let t: TestApp;
let org: OrgWithRoles;
let commandId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  commandId = (await createCommands(org.users.editor.client, org.organizationId, ["Back up"]))[0]!.id;
});
afterAll(() => t.close());

const orgUrl = (rest: string) => `/api/orgs/${org.organizationId}${rest}`;

async function panelRow(workflowId: string) {
  const response = await org.users.viewer.client.get(orgUrl("/workflow-health"));
  expect(response.status).toBe(200);
  return response.body.items.find((item: { workflowId: string }) => item.workflowId === workflowId);
}

function insertRun(workflowId: string, status: "succeeded" | "failed" | "cancelled", daysAgo: number) {
  return t.app.db
    .insert(workflowRuns)
    .values({
      workflowId,
      organizationId: org.organizationId,
      trigger: "schedule",
      status,
      startedAt: new Date(Date.now() - daysAgo * DAY),
      finishedAt: new Date(Date.now() - daysAgo * DAY + 1000),
    })
    .returning({ id: workflowRuns.id });
}

/** What the panel would say counting the runs themselves, as it did before the per-day counts. */
async function countedFromRuns(workflowId: string) {
  const [row] = await t.app.db
    .select({
      ended: sql<number>`count(*) filter (where ${workflowRuns.status} in ('succeeded', 'failed', 'timed-out', 'lost'))::int`,
      succeeded: sql<number>`count(*) filter (where ${workflowRuns.status} = 'succeeded')::int`,
    })
    .from(workflowRuns)
    .where(
      sql`${workflowRuns.workflowId} = ${workflowId}
        and ${workflowRuns.startedAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '29 days'`,
    );
  return row!;
}

describe("the health panel's per-day counts", () => {
  it("count a run that ends through the API, and not while it is under way", async () => {
    const workflow = await createWorkflow(org.users.editor.client, org.organizationId, [commandId], {
      name: "Counted by the API",
    });
    expect(
      (await org.users.editor.client.post(orgUrl(`/workflows/${workflow.id}/execute`), { mode: "checklist" })).status,
    ).toBe(201);
    expect(await panelRow(workflow.id)).toMatchObject({ lastStatus: "running", ended: 0, successRate: null });
    expect((await org.users.editor.client.post(orgUrl(`/workflows/${workflow.id}/complete`))).status).toBe(200);
    expect(await panelRow(workflow.id)).toMatchObject({ lastStatus: "succeeded", ended: 1, succeeded: 1 });
  });

  it("follow inserts, status changes and deletes, within the last 30 days only", async () => {
    const workflow = await createWorkflow(org.users.editor.client, org.organizationId, [commandId], {
      name: "Counted by the database",
    });
    const [recent] = await insertRun(workflow.id, "failed", 1);
    const [edge] = await insertRun(workflow.id, "failed", 29);
    await insertRun(workflow.id, "succeeded", 2);
    await insertRun(workflow.id, "cancelled", 3);
    await insertRun(workflow.id, "succeeded", 31);
    expect(await panelRow(workflow.id)).toMatchObject({ ended: 3, succeeded: 1, successRate: 33 });

    // A status change moves the run between the counts; a deleted run (retention) leaves them.
    await t.app.db.update(workflowRuns).set({ status: "succeeded" }).where(eq(workflowRuns.id, edge!.id));
    expect(await panelRow(workflow.id)).toMatchObject({ ended: 3, succeeded: 2, successRate: 67 });
    await t.app.db.delete(workflowRuns).where(inArray(workflowRuns.id, [recent!.id]));
    expect(await panelRow(workflow.id)).toMatchObject({ ended: 2, succeeded: 2, successRate: 100 });
    expect(await panelRow(workflow.id)).toMatchObject(await countedFromRuns(workflow.id));
  });

  it("go with their workflow when it is deleted", async () => {
    const workflow = await createWorkflow(org.users.editor.client, org.organizationId, [commandId], {
      name: "Deleted with its runs",
    });
    await insertRun(workflow.id, "succeeded", 1);
    expect((await org.users.editor.client.delete(orgUrl(`/workflows/${workflow.id}`))).status).toBe(200);
    const left = await t.app.db.execute(
      sql`select count(*)::int as n from workflow_run_days where workflow_id = ${workflow.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
