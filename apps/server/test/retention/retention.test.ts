import { RETENTION_MESSAGES } from "@flowdeck/shared/retention/messages";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDeliveries, workflowRuns } from "../../src/db/schema/index.ts";
import { createRetentionJob } from "../../src/jobs/retention-job.ts";
import { type OrgWithRoles } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { type TestApp } from "../helpers/test-app.ts";
import { createAppWithCommands, createWorkflow } from "../workflows/workflow-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
let commandIds: string[];
beforeAll(async () => ({ t, org, commandIds } = await createAppWithCommands(["Back up"])));
afterAll(() => t.close());

const DAY = 86_400_000;
const retentionUrl = (orgId: string) => `/api/orgs/${orgId}/retention`;
const pinUrl = (orgId: string, runId: string, action: "pin" | "unpin") => `/api/orgs/${orgId}/runs/${runId}/${action}`;

/** Ended runs of a new workflow, started the given number of days before `now` (written as runs are). */
async function workflowWithRuns(now: Date, ages: { days: number; status?: "succeeded" | "running" }[]) {
  const workflow = await createWorkflow(org.users.editor.client, org.organizationId, commandIds);
  const rows = await t.app.db
    .insert(workflowRuns)
    .values(
      ages.map(({ days, status = "succeeded" }, index) => ({
        workflowId: workflow.id,
        organizationId: org.organizationId,
        trigger: "schedule" as const,
        status,
        // A second apart, so runs of the same day keep their order.
        startedAt: new Date(now.getTime() - days * DAY - index * 1000),
        finishedAt: status === "running" ? null : new Date(now.getTime() - days * DAY),
      })),
    )
    .returning({ id: workflowRuns.id });
  return { workflowId: workflow.id, runIds: rows.map((row) => row.id) };
}

const existing = async (ids: string[]) =>
  (await t.app.db.select({ id: workflowRuns.id }).from(workflowRuns).where(inArray(workflowRuns.id, ids))).map(
    (row) => row.id,
  );

type Route = {
  name: string;
  minimum: "viewer" | "editor" | "owner";
  denied: string;
  call: (client: TestClient, orgId: string) => Promise<{ status: number; body?: any }>;
};

describe("who may", () => {
  let runId: string;
  beforeAll(async () => {
    runId = (await workflowWithRuns(new Date(), [{ days: 0 }])).runIds[0]!;
  });
  const ROUTES: Route[] = [
    { name: "GET retention", minimum: "viewer", denied: "", call: (c, o) => c.get(retentionUrl(o)) },
    {
      name: "PUT retention",
      minimum: "owner",
      denied: RETENTION_MESSAGES.cannotManage,
      call: (c, o) => c.put(retentionUrl(o), { keepRunsDays: 90, maxRunsPerWorkflow: 1000 }),
    },
    {
      name: "pin a run",
      minimum: "editor",
      denied: WORKFLOW_MESSAGES.cannotManage,
      call: (c, o) => c.post(pinUrl(o, runId, "pin")),
    },
    {
      name: "unpin a run",
      minimum: "editor",
      denied: WORKFLOW_MESSAGES.cannotManage,
      call: (c, o) => c.post(pinUrl(o, runId, "unpin")),
    },
  ];
  describe.each(ROUTES)("$name", (route) => {
    it.each(CALLERS)("as %s", async (caller) => {
      const response = await route.call(clientOf(t.app, org, caller), org.organizationId);
      const status = expectedStatus(caller, { minimum: route.minimum, success: 200 });
      expect(response.status).toBe(status);
      if (status === 403) expect(response.body.error.message).toBe(route.denied);
    });
  });

  it("an outsider cannot pin another organization's run through their own", async () => {
    const response = await org.users.outsider.client.post(pinUrl(org.otherOrganizationId, runId, "pin"));
    expect(response.status).toBe(404);
    expect((await t.app.db.select().from(workflowRuns).where(eq(workflowRuns.id, runId)))[0]!.pinned).toBe(false);
  });

  it("refuses a retention out of range with a clear message", async () => {
    const response = await org.users.owner.client.put(retentionUrl(org.organizationId), {
      keepRunsDays: 0,
      maxRunsPerWorkflow: 5,
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(RETENTION_MESSAGES.daysInvalid);
    expect(JSON.stringify(response.body)).toContain(RETENTION_MESSAGES.maxRunsInvalid);
  });
});

describe("the retention job", () => {
  it("deletes exactly the runs past the days or the cap, in small batches, and never a pinned or running one", async () => {
    const owner = org.users.owner.client;
    expect((await owner.get(retentionUrl(org.organizationId))).body).toEqual({
      keepRunsDays: 90,
      maxRunsPerWorkflow: 1000,
    });
    expect(
      (await owner.put(retentionUrl(org.organizationId), { keepRunsDays: 30, maxRunsPerWorkflow: 10 })).body,
    ).toEqual({ keepRunsDays: 30, maxRunsPerWorkflow: 10 });
    const now = new Date();
    // Past the 30 days: two ended runs (deleted), one still running and one pinned (kept).
    const old = await workflowWithRuns(now, [
      { days: 40 },
      { days: 40 },
      { days: 45, status: "running" },
      { days: 50 },
    ]);
    const [, , oldRunning, oldPinned] = old.runIds as [string, string, string, string];
    expect((await org.users.editor.client.post(pinUrl(org.organizationId, oldPinned, "pin"))).body).toEqual({
      id: oldPinned,
      pinned: true,
    });
    // Over the cap: 14 recent runs, newest first; the 12th is pinned.
    const busy = await workflowWithRuns(
      now,
      Array.from({ length: 14 }, (_, index) => ({ days: index / 100 })),
    );
    await org.users.editor.client.post(pinUrl(org.organizationId, busy.runIds[11]!, "pin"));
    // Sent long ago, and still to send: only the first is pruned.
    const [sent, pending] = await t.app.db
      .insert(notificationDeliveries)
      .values(
        (["delivered", "pending"] as const).map((status) => ({
          organizationId: org.organizationId,
          event: "run.failed",
          channel: "webhook" as const,
          url: "http://127.0.0.1:9/",
          payload: {},
          status,
          createdAt: new Date(now.getTime() - 40 * DAY),
        })),
      )
      .returning({ id: notificationDeliveries.id });

    const job = createRetentionJob({ db: t.app.db, batchSize: 2 });
    const result = await job.tick(now);
    expect(result).toMatchObject({ claimed: true, runs: 2 + 3, notifications: 1 });
    expect(await existing(old.runIds)).toEqual(expect.arrayContaining([oldRunning, oldPinned]));
    expect(await existing(old.runIds)).toHaveLength(2);
    const kept = await existing(busy.runIds);
    expect(kept.sort()).toEqual([...busy.runIds.slice(0, 10), busy.runIds[11]!].sort());
    const deliveries = await t.app.db
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(inArray(notificationDeliveries.id, [sent!.id, pending!.id]));
    expect(deliveries.map((row) => row.id)).toEqual([pending!.id]);
    // Nothing more to do.
    expect(await job.tick(now)).toMatchObject({ runs: 0, notifications: 0 });
  });

  it("a pass stopped while it works ends after its current batch, and the next pass goes on", async () => {
    // The organization keeps 30 days since the test above.
    const now = new Date();
    const old = await workflowWithRuns(now, [{ days: 40 }, { days: 41 }, { days: 42 }, { days: 43 }]);
    const job = createRetentionJob({ db: t.app.db, batchSize: 1 });
    const pass = job.tick(now);
    await job.stop();
    expect(await pass).toMatchObject({ claimed: true, runs: 1 });
    expect(await existing(old.runIds)).toHaveLength(3);

    const next = createRetentionJob({ db: t.app.db, batchSize: 1 });
    expect(await next.tick(now)).toMatchObject({ claimed: true, runs: 3 });
    expect(await existing(old.runIds)).toHaveLength(0);
  });
});
