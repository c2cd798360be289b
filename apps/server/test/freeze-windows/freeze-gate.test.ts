import { FREEZE_WINDOW_MESSAGES } from "@flowdeck/shared/freeze-windows/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freezeWindows, notificationDeliveries, workflowRuns, workflows } from "../../src/db/schema/index.ts";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createRule } from "../notifications/support.ts";
import { createLinuxWorkflow, registerRunner } from "../runners/runner-client.ts";
import { schedulerOf } from "../approvals/support.ts";

// Freeze windows through the one gate (decision 071): the scheduler's due time in a window is a
// skipped run with the window's reason and the "skipped" notification; Run now and the API are
// refused naming the window and its end, unless an admin or owner overrides with a reason.

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "0" } });
  org = await createOrgWithRoles(t.app);
  await registerRunner(t.app, org.users.admin.client, org.organizationId);
});
afterAll(() => t.close());

const orgId = () => org.organizationId;
const url = (rest: string) => `/api/orgs/${orgId()}${rest}`;
const owner = () => org.users.owner.client;
const daily = { type: "daily", isEnabled: true, time: "09:00" };
const runsOf = (workflowId: string) =>
  t.app.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId)).orderBy(workflowRuns.startedAt);
const dueAt = (workflowId: string, at: Date) =>
  t.app.db.update(workflows).set({ nextExecution: at }).where(eq(workflows.id, workflowId));
let counter = 0;

/** A Linux workflow that respects freeze windows (an admin sets it). */
async function frozenWorkflow(respect = true) {
  const workflow = await createLinuxWorkflow(owner(), orgId(), ["echo deploy"], `Deploy ${++counter}`);
  const patched = await owner().patch(url(`/workflows/${workflow.id}`), { respectFreezeWindows: respect });
  expect(patched.status).toBe(200);
  return workflow;
}

/** A window in force now, for an hour. */
async function windowNow(reason: string) {
  const startsAt = new Date(Date.now() - 60_000).toISOString();
  const endsAt = new Date(Date.now() + 3_600_000).toISOString();
  const created = await owner().post(url("/freeze-windows"), { reason, startsAt, endsAt });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, endsAt };
}

const clearWindows = () => t.app.db.delete(freezeWindows).where(eq(freezeWindows.organizationId, orgId()));

describe("a freeze window in force", () => {
  it("refuses Run now and the API naming the window and its end; a workflow that does not respect windows runs", async () => {
    const { endsAt } = await windowNow("Black Friday");
    const held = await frozenWorkflow();
    const refused = await org.users.editor.client.post(url(`/workflows/${held.id}/execute`), { platform: "linux" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      FREEZE_WINDOW_MESSAGES.frozen("Black Friday", new Date(endsAt).toISOString()),
    );
    const { token } = await createApiToken(owner(), orgId(), { role: "editor" });
    expect((await bearerClient(t.app, token).post(url(`/workflows/${held.id}/execute`), {})).status).toBe(409);
    expect(await runsOf(held.id)).toHaveLength(0);
    const options = await org.users.editor.client.get(url(`/workflows/${held.id}/run-options`));
    expect(options.body.freeze).toMatchObject({ reason: "Black Friday", active: true });

    const free = await frozenWorkflow(false);
    const ran = await org.users.editor.client.post(url(`/workflows/${free.id}/execute`), { platform: "linux" });
    expect(ran.status).toBe(201);
    await clearWindows();
  });

  it("runs with an admin's override, shown on the run and in the audit log; an editor may not override", async () => {
    await windowNow("Quarter close");
    const workflow = await frozenWorkflow();
    const override = { reason: "Hotfix for the payment outage" };
    const byEditor = await org.users.editor.client.post(url(`/workflows/${workflow.id}/execute`), {
      platform: "linux",
      override,
    });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.error.message).toBe(FREEZE_WINDOW_MESSAGES.overrideRoleRequired);
    const blank = await org.users.admin.client.post(url(`/workflows/${workflow.id}/execute`), {
      platform: "linux",
      override: { reason: " " },
    });
    expect(blank.status).toBe(400);
    const byAdmin = await org.users.admin.client.post(url(`/workflows/${workflow.id}/execute`), {
      platform: "linux",
      override,
    });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({ status: "queued", freezeOverride: override.reason, skipReason: null });
    const audit = await owner().get(url("/audit"));
    expect(JSON.stringify(audit.body)).toContain(`overriding a freeze window: \\"${override.reason}\\"`);
    await clearWindows();
  });

  it("skips the scheduler's due time as a skipped run with the window's reason, and tells the rules", async () => {
    const rule = await createRule(owner(), orgId(), {
      name: "Skips",
      events: ["schedule.skipped"],
      emailRoles: ["admin"],
    });
    await windowNow("Release weekend");
    const workflow = await frozenWorkflow();
    await owner().patch(url(`/workflows/${workflow.id}`), { schedule: daily });
    const due = new Date(Date.now() + 1000);
    await dueAt(workflow.id, due);
    const tick = await schedulerOf(t.app).tick(new Date(due.getTime() + 500));
    expect(tick.skipped).toContain(workflow.id);
    const runs = await runsOf(workflow.id);
    expect(runs.map((run) => [run.status, run.trigger, run.skipReason])).toEqual([
      ["skipped", "schedule", "freeze window: Release weekend"],
    ]);
    const shown = await org.users.viewer.client.get(url(`/workflows/${workflow.id}`));
    expect(shown.body).toMatchObject({ skippedRuns: 1, lastSkippedAt: due.toISOString() });
    const history = await org.users.viewer.client.get(url(`/workflows/${workflow.id}/history?status=skipped`));
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain("freeze window: Release weekend");
    const told = await t.app.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.ruleId, rule.id), eq(notificationDeliveries.event, "schedule.skipped")));
    expect(told).toHaveLength(1);
    await clearWindows();
  });
});

describe("a weekly window across a change of the clocks (Europe/London)", () => {
  it("holds the scheduler from 00:30 to 03:30 local time on the night the clocks go forward", async () => {
    await owner().patch(url("/settings"), { name: "Acme Operations", timezone: "Europe/London" });
    const created = await owner().post(url("/freeze-windows"), {
      reason: "Sunday maintenance",
      weekly: { days: [0], from: "00:30", to: "03:30" },
    });
    expect(created.status).toBe(201);
    const workflow = await frozenWorkflow();
    await owner().patch(url(`/workflows/${workflow.id}`), { schedule: daily });
    const tickAt = async (iso: string) => {
      const at = new Date(iso);
      await dueAt(workflow.id, at);
      return schedulerOf(t.app).tick(at);
    };
    // 2026-03-29: 00:30 GMT is in; 02:15Z is 03:15 BST, still in; 02:45Z is 03:45 BST, out.
    expect((await tickAt("2026-03-29T00:31:00Z")).skipped).toContain(workflow.id);
    expect((await tickAt("2026-03-29T02:15:00Z")).skipped).toContain(workflow.id);
    expect((await tickAt("2026-03-29T00:29:00Z")).ran).toContain(workflow.id);
    // Runs in the order they started: 00:29 ran, 00:31 and 02:15 were skipped.
    const runs = await runsOf(workflow.id);
    expect(runs.map((run) => run.status)).toEqual(["queued", "skipped", "skipped"]);
    expect((await owner().post(url(`/runs/${runs[0]!.id}/cancel`))).status).toBe(200);
    expect((await tickAt("2026-03-29T02:45:00Z")).ran).toContain(workflow.id);
    await clearWindows();
  });
});
