import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflows } from "../../src/db/schema/index.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, queueRun, registerRunner } from "../runners/runner-client.ts";

/**
 * What GET /metrics reads at each scrape (the queue, its oldest run, the runners online, the pool)
 * and what the scheduler counts, on the embedded database and on PostgreSQL alike.
 */
let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const editor = () => org.users.editor.client;

async function sample(name: string, labels = ""): Promise<number> {
  const response = await t.app.inject({ method: "GET", url: "/metrics" });
  expect(response.statusCode).toBe(200);
  const line = response.body.split("\n").find((text) => text.startsWith(`${name}${labels} `));
  if (!line) throw new Error(`no sample ${name}${labels}`);
  return Number(line.split(" ")[1]);
}

describe("GET /metrics, read at the scrape", () => {
  it("counts the queued runs, the oldest one's age and the runners online by platform", async () => {
    expect(await sample("flowdeck_runs_queued")).toBe(0);
    expect(await sample("flowdeck_runs_oldest_queued_age_seconds")).toBe(0);
    expect(await sample("flowdeck_runners_online", '{os="windows"}')).toBe(0);

    await registerRunner(t.app, org.users.admin.client, org.organizationId, { os: "windows" });
    const first = await createLinuxWorkflow(editor(), org.organizationId, ["echo one"], "One");
    const second = await createLinuxWorkflow(editor(), org.organizationId, ["echo two"], "Two");
    const queuedAt = Date.now();
    await queueRun(editor(), org.organizationId, first.id);
    await queueRun(editor(), org.organizationId, second.id);

    expect(await sample("flowdeck_runs_queued")).toBe(2);
    const age = await sample("flowdeck_runs_oldest_queued_age_seconds");
    expect(age).toBeGreaterThan(0);
    expect(age).toBeLessThanOrEqual((Date.now() - queuedAt) / 1000 + 1);
    expect(await sample("flowdeck_runners_online", '{os="windows"}')).toBe(1);
    expect(await sample("flowdeck_runners_online", '{os="linux"}')).toBe(0);
    expect(await sample("flowdeck_runs_started_total", '{trigger="manual",kind="executed"}')).toBe(2);
    expect(await sample("flowdeck_db_pool_size")).toBeGreaterThanOrEqual(1);
    expect(await sample("flowdeck_db_pool_waiting")).toBe(0);
  });

  it("counts a scheduled run's lag from its due time", async () => {
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo nightly"], "Nightly");
    await editor().patch(`/api/orgs/${org.organizationId}/workflows/${workflow.id}`, {
      schedule: { type: "daily", isEnabled: true, time: "03:00" },
    });
    const now = new Date();
    await t.app.db
      .update(workflows)
      .set({ nextExecution: new Date(now.getTime() - 90_000) })
      .where(eq(workflows.id, workflow.id));
    const scheduler = createScheduler({ db: t.app.db, events: t.app.events, metrics: t.app.metrics });
    expect((await scheduler.tick(now)).ran).toContain(workflow.id);

    expect(await sample("flowdeck_scheduler_lag_seconds_count")).toBe(1);
    // 90 s late: in the bucket up to 300 s, not in the one up to 60 s.
    expect(await sample("flowdeck_scheduler_lag_seconds_bucket", '{le="60"}')).toBe(0);
    expect(await sample("flowdeck_scheduler_lag_seconds_bucket", '{le="300"}')).toBe(1);
    expect(await sample("flowdeck_runs_started_total", '{trigger="schedule",kind="executed"}')).toBe(1);
  });
});
