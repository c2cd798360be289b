import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, workflowRunSteps, workflowRuns, workflows } from "../../src/db/schema/index.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, queueRun, registerRunner } from "../runners/runner-client.ts";

/**
 * Secrets reach only the run that needs them (issue "Safe inputs", item 2): a workflow lists them
 * by name; the runner that claims its run gets their values in the claim answer, and nobody else
 * does; nothing of a value is stored with the run; a missing one stops the run before it queues.
 */
let t: TestApp;
let org: OrgWithRoles;
const VALUE = "correct-horse-battery-staple";

beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "1" } });
  org = await createOrgWithRoles(t.app);
  await putSecret("DB_PASSWORD", VALUE);
});
afterAll(() => t.close());

const orgUrl = (rest: string) => `/api/orgs/${org.organizationId}${rest}`;

async function putSecret(name: string, value: string) {
  const response = await org.users.admin.client.put(orgUrl(`/secrets/${name}`), { value });
  expect([200, 201]).toContain(response.status);
}

async function workflowUsing(secrets: string[], lines = ['echo "$DB_PASSWORD"']) {
  const workflow = await createLinuxWorkflow(org.users.editor.client, org.organizationId, lines);
  const listed = await org.users.editor.client.patch(orgUrl(`/workflows/${workflow.id}`), { secrets });
  expect(listed.status).toBe(200);
  return workflow.id;
}

describe("a workflow's secrets", () => {
  it("are listed by name on the workflow, and only secrets the organization has", async () => {
    const id = await workflowUsing(["DB_PASSWORD"]);
    const read = await org.users.viewer.client.get(orgUrl(`/workflows/${id}`));
    expect(read.body.secrets).toEqual(["DB_PASSWORD"]);
    expect(JSON.stringify(read.body)).not.toContain(VALUE);

    const unknown = await org.users.editor.client.patch(orgUrl(`/workflows/${id}`), { secrets: ["NO_SUCH_SECRET"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain("NO_SUCH_SECRET");
    const badName = await org.users.editor.client.patch(orgUrl(`/workflows/${id}`), { secrets: ["lower_case"] });
    expect(badName.status).toBe(400);
  });

  it("reach the runner that claims the run, in its claim answer only, and are never stored with the run", async () => {
    const id = await workflowUsing(["DB_PASSWORD"]);
    const theirs = await registerRunner(t.app, org.users.outsider.client, org.otherOrganizationId);
    const ours = await registerRunner(t.app, org.users.admin.client, org.organizationId);
    const runId = await queueRun(org.users.editor.client, org.organizationId, id);

    // A runner of another organization never gets our run, nor its values.
    const refused = await theirs.client.claim();
    expect(refused.body.job).toBeNull();
    const claimed = await ours.client.claim();
    expect(claimed.body.job.runId).toBe(runId);
    expect(claimed.body.job.secrets).toEqual({ DB_PASSWORD: VALUE });

    const [run] = await t.app.db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
    expect(run!.secretNames).toEqual(["DB_PASSWORD"]);
    const steps = await t.app.db.select().from(workflowRunSteps).where(eq(workflowRunSteps.runId, runId));
    expect(JSON.stringify([run, steps])).not.toContain(VALUE);
    const detail = await org.users.editor.client.get(orgUrl(`/runs/${runId}`));
    expect(JSON.stringify(detail.body)).not.toContain(VALUE);

    // The run's audit row names the secrets it was given, never a value.
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "workflow.run"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.summary).toContain("given the secrets DB_PASSWORD");
    const csv = await org.users.owner.client.get(orgUrl("/audit.csv"));
    expect(String(csv.body)).toContain("DB_PASSWORD");
    expect(String(csv.body)).not.toContain(VALUE);
    await ours.client.complete(runId, "succeeded");
  });

  it("are masked by the server too, so a runner that does not mask cannot leak them", async () => {
    const id = await workflowUsing(["DB_PASSWORD"]);
    const { client } = await registerRunner(t.app, org.users.admin.client, org.organizationId);
    const runId = await queueRun(org.users.editor.client, org.organizationId, id);
    expect((await client.claim()).body.job.runId).toBe(runId);
    const sent = await client.logs(runId, 1, [
      { position: 0, stream: "stdout", text: `the password is ${VALUE}\n` },
      { position: 0, stream: "stderr", text: `url: https://db/?p=${encodeURIComponent(VALUE)}\n` },
    ]);
    expect(sent.status).toBe(200);
    const logs = await org.users.editor.client.get(orgUrl(`/runs/${runId}/logs`));
    const text = logs.body.items.map((item: { text: string }) => item.text).join("");
    expect(text).toBe("the password is ***\nurl: https://db/?p=***\n");
    await client.complete(runId, "succeeded");
  });

  it("stop Run now before anything is queued when one no longer exists, naming it", async () => {
    await putSecret("TEMPORARY_TOKEN", "short-lived-value");
    const id = await workflowUsing(["DB_PASSWORD", "TEMPORARY_TOKEN"]);
    expect((await org.users.admin.client.delete(orgUrl("/secrets/TEMPORARY_TOKEN"))).status).toBe(204);

    const runNow = await org.users.editor.client.post(orgUrl(`/workflows/${id}/execute`), { platform: "linux" });
    expect(runNow.status).toBe(400);
    expect(runNow.body.error.message).toContain("TEMPORARY_TOKEN");
    expect(runNow.body.error.message).not.toContain("DB_PASSWORD");
    const runs = await t.app.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, id));
    expect(runs).toEqual([]);

    // The workflow still shows the name, so the editor sees what to fix.
    expect((await org.users.editor.client.get(orgUrl(`/workflows/${id}`))).body.secrets).toContain("TEMPORARY_TOKEN");
  });

  it("stop a scheduled run before it is queued when one no longer exists, and the audit log says which", async () => {
    await putSecret("ROTATED_KEY", "old-key-value");
    const id = await workflowUsing(["ROTATED_KEY"]);
    expect((await org.users.admin.client.delete(orgUrl("/secrets/ROTATED_KEY"))).status).toBe(204);
    const scheduled = await org.users.editor.client.patch(orgUrl(`/workflows/${id}`), {
      schedule: { type: "daily", isEnabled: true, time: "09:00" },
    });
    expect(scheduled.status).toBe(200);
    const now = new Date();
    await t.app.db
      .update(workflows)
      .set({ nextExecution: new Date(now.getTime() - 60_000) })
      .where(eq(workflows.id, id));

    await createScheduler({ db: t.app.db, events: t.app.events }).tick(now);
    expect(await t.app.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, id))).toEqual([]);
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.action).toBe("workflow.rescheduled");
    expect(row!.summary).toContain("ROTATED_KEY");
  });
});
