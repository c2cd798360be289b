import type { LiveEvent } from "@flowdeck/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { workflowRuns } from "../../src/db/schema/index.ts";
import { createRunSweeper } from "../../src/jobs/run-sweeper.ts";
import { auditRows, rowsSince } from "../audit/audit-support.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, queueRun, registerRunner } from "./runner-client.ts";

// The server's own sweeper waits a minute-long lease; these tests sweep with a clock they choose.
const LEASE_MS = 60_000;

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "0" } });
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const editor = () => org.users.editor.client;
const sweeper = () =>
  createRunSweeper({ db: t.app.db, events: t.app.events, logger: { error: () => {} }, leaseMs: LEASE_MS });

/** A run claimed by a runner that then went quiet, with its first step started. */
async function claimedRun(name: string, timeoutSeconds?: number) {
  const { client, id: runnerId } = await registerRunner(t.app, org.users.admin.client, org.organizationId);
  const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["sleep 300"], name);
  if (timeoutSeconds) {
    await editor().patch(`/api/orgs/${org.organizationId}/workflows/${workflow.id}`, { timeoutSeconds });
  }
  const runId = await queueRun(editor(), org.organizationId, workflow.id);
  expect((await client.claim()).body.job.runId).toBe(runId);
  await client.step(runId, 0, { state: "started" });
  return { runId, runnerId, workflowId: workflow.id };
}

function recordEvents() {
  const heard: LiveEvent[] = [];
  const stop = t.app.events.subscribe(org.organizationId, (event) => heard.push(event));
  return { heard, stop };
}

describe("the run sweeper", () => {
  it("ends a run whose runner missed its lease as lost, audited as the run sweeper's doing, and announces it", async () => {
    const { runId, runnerId, workflowId } = await claimedRun("Quiet");
    const baseline = await auditRows(t.app, org.organizationId);
    const { heard, stop } = recordEvents();
    await sweeper().sweep(new Date(Date.now() + 2 * LEASE_MS));

    const rows = await rowsSince(t.app, org.organizationId, baseline);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "run.finished",
      actorKind: "system",
      actorId: "run sweeper",
      actorLabel: "Run sweeper",
      onBehalfOfUserId: null,
      organizationId: org.organizationId,
      entityType: "run",
      entityId: runId,
      summary: 'A run of "Quiet" was lost: its runner stopped reporting',
      changes: { status: { before: "running", after: "lost" } },
    });
    // With PostgreSQL the events come back through NOTIFY, a moment after the commit.
    await vi.waitFor(() =>
      expect(heard).toEqual(
        expect.arrayContaining([
          { entity: "run", id: runId, action: "updated" },
          { entity: "workflow", id: workflowId, action: "updated" },
          { entity: "runner", id: runnerId, action: "updated" },
        ]),
      ),
    );
    stop();

    // A second sweep finds it ended: nothing more is recorded.
    await sweeper().sweep(new Date(Date.now() + 3 * LEASE_MS));
    expect(await rowsSince(t.app, org.organizationId, baseline)).toHaveLength(1);
  });

  it("ends a run past its timeout as timed out, audited as the run sweeper's doing", async () => {
    const { runId } = await claimedRun("Slow", 1);
    // Its runner still calls (the lease is current), but the run is a lease past its timeout.
    const now = new Date(Date.now() + 1_000 + 2 * LEASE_MS);
    await t.app.db
      .update(workflowRuns)
      .set({ leaseExpiresAt: new Date(now.getTime() + LEASE_MS) })
      .where(eq(workflowRuns.id, runId));
    const baseline = await auditRows(t.app, org.organizationId);
    await sweeper().sweep(now);

    const rows = await rowsSince(t.app, org.organizationId, baseline);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "run.finished",
      actorKind: "system",
      actorLabel: "Run sweeper",
      entityId: runId,
      summary: 'A run of "Slow" timed out',
      changes: { status: { before: "running", after: "timed-out" } },
    });
    const [run] = await t.app.db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
    expect(run!.status).toBe("timed-out");
  });
});
