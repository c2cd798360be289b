import { API_TOKEN_ROLES } from "@flowdeck/shared/api-tokens/schemas";
import { TARGET_MESSAGES } from "@flowdeck/shared/runs/targets";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations, runners as runnersTable, workflowRuns, workflows } from "../../src/db/schema/index.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { createRunSweeper } from "../../src/jobs/run-sweeper.ts";
import { createRetentionJob } from "../../src/jobs/retention-job.ts";
import { createDeliveryJob } from "../../src/jobs/notification-delivery.ts";
import { createRule, startReceiver } from "../notifications/support.ts";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { registerRunner, type RunnerClient } from "../runners/runner-client.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";

// Where a run goes (decision 080), through the runner protocol: narrowing, pinning, fan-out's
// batches, offline runners, credits per target, retry, and who may see and do what.

const LEASE_MS = 60_000;
let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  // The test receiver listens on 127.0.0.1, which Flowdeck calls only when the operator allows it.
  t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "0", OUTBOUND_ALLOW: "127.0.0.1/32" } });
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const orgId = () => org.organizationId;
const editor = () => org.users.editor.client;
const admin = () => org.users.admin.client;
const runUrl = (runId: string, rest = "") => `/api/orgs/${orgId()}/runs/${runId}${rest}`;
const sweeper = () =>
  createRunSweeper({ db: t.app.db, events: t.app.events, logger: { error: () => {} }, leaseMs: LEASE_MS });

let labelCount = 0;
/** A fresh label, so each test's runners and workflows are its own. */
const freshLabel = () => `fleet${++labelCount}`;

async function fleet(label: string, names: string[], os = "linux") {
  const made: { name: string; id: string; client: RunnerClient }[] = [];
  for (const name of names)
    made.push({ name, ...(await registerRunner(t.app, admin(), orgId(), { name, labels: [label], os })) });
  return made;
}

async function workflowOn(label: string, target: Record<string, unknown>, commands = { linux: "echo hi" }) {
  const task = await createTask(editor(), orgId(), { name: `Command ${label}`, commands });
  return createWorkflow(editor(), orgId(), [task.id], { runnerLabels: [label], target });
}

async function execute(workflowId: string, body: Record<string, unknown> = {}, client = editor()) {
  return client.post(`/api/orgs/${orgId()}/workflows/${workflowId}/execute`, body);
}

const read = async (runId: string) => (await editor().get(runUrl(runId))).body;

/** The runner claims (its target), reports its one step and completes with `outcome`. */
async function runOn(runner: RunnerClient, outcome: "succeeded" | "failed") {
  const claimed = await runner.claim();
  const job = claimed.body.job;
  expect(job).not.toBeNull();
  await runner.step(job.runId, 0, { state: "started" });
  await runner.step(job.runId, 0, {
    state: "finished",
    outcome,
    exitCode: outcome === "succeeded" ? 0 : 3,
    signal: null,
    attempts: [],
    outputs: {},
  });
  await runner.complete(job.runId, outcome);
  return job.runId as string;
}

describe("a workflow's target", () => {
  it("is saved and read back; a chosen runner must be the organization's and carry the workflow's labels", async () => {
    const label = freshLabel();
    const [web] = await fleet(label, ["pin-me"]);
    const [other] = await fleet(freshLabel(), ["other-label"]);
    const saved = await workflowOn(label, { mode: "runner", runnerId: web!.id });
    expect(saved.target).toMatchObject({ mode: "runner", runnerId: web!.id, successThreshold: 100 });

    const task = await createTask(editor(), orgId(), { name: "Refused pin", commands: { linux: "true" } });
    const unknown = await editor().post(`/api/orgs/${orgId()}/workflows`, {
      name: "Unknown pin",
      taskIds: [task.id],
      target: { mode: "runner", runnerId: "no-such-runner" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(TARGET_MESSAGES.runnerNotFound);
    const mismatched = await editor().patch(`/api/orgs/${orgId()}/workflows/${saved.id}`, {
      target: { mode: "runner", runnerId: other!.id },
    });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.error.message).toBe(TARGET_MESSAGES.runnerNotMatching);
    const noRunner = await editor().patch(`/api/orgs/${orgId()}/workflows/${saved.id}`, { target: { mode: "runner" } });
    expect(noRunner.status).toBe(400);
    const badBatch = await editor().patch(`/api/orgs/${orgId()}/workflows/${saved.id}`, {
      target: { mode: "all", batchSize: "150%" },
    });
    expect(badBatch.status).toBe(400);
    expect(JSON.stringify(badBatch.body)).toContain(TARGET_MESSAGES.batchSize);
  });

  it("can be narrowed by one run to one of its matching runners, never widened", async () => {
    const label = freshLabel();
    const [a, b] = await fleet(label, ["narrow-a", "narrow-b"]);
    const [outside] = await fleet(freshLabel(), ["narrow-outside"]);
    const anyOne = await workflowOn(label, { mode: "any" });
    expect((await execute(anyOne.id, { target: { mode: "all" } })).body.error.message).toBe(TARGET_MESSAGES.widen);
    const escaped = await execute(anyOne.id, { target: { mode: "runner", runnerId: outside!.id } });
    expect(escaped.status).toBe(400);
    expect(escaped.body.error.message).toBe(TARGET_MESSAGES.widen);

    const narrowed = await execute(anyOne.id, { target: { mode: "runner", runnerId: b!.id } });
    expect(narrowed.status).toBe(201);
    expect(narrowed.body.target).toMatchObject({ mode: "runner", runnerId: b!.id });
    // Only the chosen runner may claim it.
    expect((await a!.client.claim()).body).toEqual({ job: null });
    expect((await outside!.client.claim()).body).toEqual({ job: null });
    expect((await b!.client.claim()).body.job.runId).toBe(narrowed.body.id);
    await b!.client.complete(narrowed.body.id, "succeeded");

    const pinned = await workflowOn(label, { mode: "runner", runnerId: a!.id });
    const elsewhere = await execute(pinned.id, { target: { mode: "runner", runnerId: b!.id } });
    expect(elsewhere.body.error.message).toBe(TARGET_MESSAGES.pinnedElsewhere);

    const everyOne = await workflowOn(label, { mode: "all" });
    const one = await execute(everyOne.id, { target: { mode: "runner", runnerId: a!.id } });
    expect(one.status).toBe(201);
    expect(one.body.targets).toEqual([]);
    expect((await a!.client.claim()).body.job.runId).toBe(one.body.id);
    await a!.client.complete(one.body.id, "succeeded");
  });
});

describe("a fan-out", () => {
  it("charges credits per target, refunds them on cancel before any claim, and counts as one run", async () => {
    const label = freshLabel();
    await fleet(label, ["credit-a", "credit-b", "credit-c"]);
    await t.app.db.update(organizations).set({ credits: 10, creditsPerRun: 2 }).where(eq(organizations.id, orgId()));
    const workflow = await workflowOn(label, { mode: "all" });
    const run = await execute(workflow.id);
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({ status: "running", platform: null, kind: "executed" });
    expect(run.body.targets).toHaveLength(3);
    const [charged] = await t.app.db.select().from(organizations).where(eq(organizations.id, orgId()));
    expect(charged!.credits).toBe(4);

    const cancelled = await editor().post(runUrl(run.body.id, "/cancel"));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect(cancelled.body.targets.map((target: { status: string }) => target.status)).toEqual([
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
    const [refunded] = await t.app.db.select().from(organizations).where(eq(organizations.id, orgId()));
    expect(refunded!.credits).toBe(10);
    await t.app.db.update(organizations).set({ creditsPerRun: 0 }).where(eq(organizations.id, orgId()));

    const workflowRead = await editor().get(`/api/orgs/${orgId()}/workflows/${workflow.id}`);
    expect(workflowRead.body.lastRun.id).toBe(run.body.id);
    // Another run can start now: the targets are not runs under way of the workflow.
    expect((await execute(workflow.id)).status).toBe(201);
  });

  it("skips a target whose OS has no command, and one whose runner is offline, saying why", async () => {
    const label = freshLabel();
    const [linux] = await fleet(label, ["mixed-linux"]);
    await fleet(label, ["mixed-windows"], "windows");
    const [asleep] = await fleet(label, ["mixed-asleep"]);
    await t.app.db
      .update(runnersTable)
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(runnersTable.id, asleep!.id));
    const workflow = await workflowOn(label, { mode: "all" }, { linux: "echo hi" });
    const run = (await execute(workflow.id)).body;
    const byName = Object.fromEntries(run.targets.map((target: { runnerName: string }) => [target.runnerName, target]));
    expect(byName["mixed-windows"]).toMatchObject({
      status: "skipped",
      skipReason: "No step has a command for Windows",
    });
    expect(byName["mixed-asleep"]).toMatchObject({ status: "skipped", skipReason: TARGET_MESSAGES.offlineSkipped });
    expect(byName["mixed-linux"]).toMatchObject({ status: "queued", platform: "linux" });
    await runOn(linux!.client, "succeeded");
    const ended = await read(run.id);
    // The Windows target was never meant to run; the offline one counts against 100 %.
    expect(ended.status).toBe("failed");
    // The health panel counts the run once, not its three targets.
    const health = await editor().get(`/api/orgs/${orgId()}/workflow-health`);
    const row = health.body.items.find((item: { workflowId: string }) => item.workflowId === workflow.id);
    expect(row).toMatchObject({ ended: 1, succeeded: 0, lastStatus: "failed" });
  });

  it("is one run to the concurrency policy: a due time while it runs is skipped", async () => {
    const label = freshLabel();
    const [runner] = await fleet(label, ["policy-a"]);
    await fleet(label, ["policy-b"]);
    const workflow = await workflowOn(label, { mode: "all" });
    await editor().patch(`/api/orgs/${orgId()}/workflows/${workflow.id}`, {
      schedule: { type: "daily", isEnabled: true, time: "09:00" },
      concurrencyPolicy: "skip",
    });
    const run = (await execute(workflow.id)).body;
    await runOn(runner!.client, "succeeded");
    const due = new Date(Date.now() + 60_000);
    await t.app.db.update(workflows).set({ nextExecution: due }).where(eq(workflows.id, workflow.id));
    const tick = await createScheduler({ db: t.app.db, events: t.app.events }).tick(due);
    expect(tick.ran).not.toContain(workflow.id);
    const history = await editor().get(`/api/orgs/${orgId()}/workflows/${workflow.id}/history`);
    expect(history.body.items.map((item: { id: string }) => item.id)).toEqual([run.id]);
    const after = await editor().get(`/api/orgs/${orgId()}/workflows/${workflow.id}`);
    expect(after.body.skippedRuns).toBe(1);
    await editor().post(runUrl(run.id, "/cancel"));
  });

  it("waits for an offline runner until its deadline, then skips it", async () => {
    const label = freshLabel();
    const [online, late] = await fleet(label, ["wait-online", "wait-late"]);
    await t.app.db
      .update(runnersTable)
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(runnersTable.id, late!.id));
    const workflow = await workflowOn(label, { mode: "all", offlineWaitMinutes: 5, successThreshold: 50 });
    const run = (await execute(workflow.id)).body;
    expect(run.targets.map((target: { status: string }) => target.status)).toEqual(["queued", "queued"]);
    await runOn(online!.client, "succeeded");
    expect((await read(run.id)).status).toBe("running");
    await sweeper().sweep(new Date(Date.now() + 6 * 60_000));
    const ended = await read(run.id);
    expect(ended.status).toBe("succeeded");
    const waited = ended.targets.find((target: { runnerName: string }) => target.runnerName === "wait-late");
    expect(waited).toMatchObject({ status: "skipped", skipReason: TARGET_MESSAGES.offlineWaited(5) });
  });

  it("releases one target at a time with a batch of 1, and starts no more after a failure unless it keeps going", async () => {
    const label = freshLabel();
    const [a, b, c] = await fleet(label, ["batch-a", "batch-b", "batch-c"]);
    const workflow = await workflowOn(label, { mode: "all", batchSize: 1 });
    const run = (await execute(workflow.id)).body;
    // Only the first target is claimable; the others wait for their turn.
    expect((await b!.client.claim()).body).toEqual({ job: null });
    expect((await c!.client.claim()).body).toEqual({ job: null });
    await runOn(a!.client, "failed");
    const stopped = await read(run.id);
    expect(stopped.status).toBe("failed");
    expect(stopped.targets.map((target: { status: string }) => target.status)).toEqual([
      "failed",
      "skipped",
      "skipped",
    ]);
    expect(stopped.targets[1].skipReason).toBe(TARGET_MESSAGES.stoppedAfterFailure);

    await editor().patch(`/api/orgs/${orgId()}/workflows/${workflow.id}`, {
      target: { mode: "all", batchSize: 1, keepGoing: true, successThreshold: 60 },
    });
    const kept = (await execute(workflow.id)).body;
    await runOn(a!.client, "failed");
    expect((await c!.client.claim()).body).toEqual({ job: null });
    await runOn(b!.client, "succeeded");
    await runOn(c!.client, "succeeded");
    const done = await read(kept.id);
    expect(done.status).toBe("succeeded");
    expect(done.targets.map((target: { status: string }) => target.status)).toEqual([
      "failed",
      "succeeded",
      "succeeded",
    ]);
  });

  it("loses only the target whose runner stops calling, and names the failed targets to the rules", async () => {
    const receiver = await startReceiver([200]);
    try {
      const rule = await createRule(admin(), orgId(), {
        name: "Fleet hook",
        events: ["run.failed", "run.lost"],
        emailRoles: [],
        webhookUrl: receiver.url,
      });
      const label = freshLabel();
      const [quiet, fine] = await fleet(label, ["lost-quiet", "lost-fine"]);
      const workflow = await workflowOn(label, { mode: "all", keepGoing: true });
      const run = (await execute(workflow.id)).body;
      const claimed = (await quiet!.client.claim()).body.job.runId;
      await runOn(fine!.client, "succeeded");
      expect((await read(run.id)).status).toBe("running");
      await sweeper().sweep(new Date(Date.now() + 2 * LEASE_MS));
      const ended = await read(run.id);
      expect(ended.status).toBe("failed");
      expect(ended.targets.find((target: { id: string }) => target.id === claimed).status).toBe("lost");

      // One call for the run (none for its lost target), naming the runner whose target failed.
      const deliveries = createDeliveryJob({
        db: t.app.db,
        mailer: t.app.mailer,
        outbound: t.app.outbound,
        appUrl: "http://localhost:3000",
      });
      // A pass sends a few per organization (earlier failures were mailed too), at the sweep's time: until none is left.
      const later = new Date(Date.now() + 3 * LEASE_MS);
      while ((await deliveries.tick(later)).attempted > 0);
      const bodies = receiver.calls.map((call) => JSON.parse(call.body));
      expect(bodies.map((body) => [body.event, body.run.id, body.failedTargets])).toEqual([
        ["run.failed", run.id, ["lost-quiet"]],
      ]);
      await admin().delete(`/api/orgs/${orgId()}/notification-rules/${rule.id}`);
    } finally {
      await receiver.close();
    }
  });

  it("retries only the failed targets, with the same parameters, as a new run", async () => {
    const label = freshLabel();
    const [a, b] = await fleet(label, ["retry-a", "retry-b"]);
    const task = await createTask(editor(), orgId(), {
      name: "Retry me",
      commands: { linux: "echo $FLOWDECK_PARAM_V" },
    });
    const workflow = await createWorkflow(editor(), orgId(), [task.id], {
      runnerLabels: [label],
      target: { mode: "all", keepGoing: true },
      parameters: [{ name: "v", label: "Version", type: "text", required: true }],
    });
    const run = (await execute(workflow.id, { parameters: { v: "1.2.3" } })).body;
    await runOn(a!.client, "succeeded");
    await runOn(b!.client, "failed");
    expect((await read(run.id)).status).toBe("failed");

    const retried = await editor().post(runUrl(run.id, "/retry-failed"));
    expect(retried.status).toBe(201);
    expect(retried.body.targets.map((target: { runnerName: string }) => target.runnerName)).toEqual(["retry-b"]);
    expect(retried.body.parameters).toEqual({ v: "1.2.3" });
    expect((await a!.client.claim()).body).toEqual({ job: null });
    const job = (await b!.client.claim()).body.job;
    expect(job.env.FLOWDECK_PARAM_V).toBe("1.2.3");

    const notFanOut = await workflowOn(label, { mode: "any" });
    const single = (await execute(notFanOut.id)).body;
    expect((await editor().post(runUrl(single.id, "/retry-failed"))).body.error.message).toBe(
      TARGET_MESSAGES.notFanOut,
    );
  });

  it("never shows a target to a runner or a member of another organization", async () => {
    const label = freshLabel();
    await fleet(label, ["tenant-ours"]);
    const theirs = await registerRunner(t.app, org.users.outsider.client, org.otherOrganizationId, {
      name: "tenant-theirs",
      labels: [label],
    });
    const workflow = await workflowOn(label, { mode: "all" });
    const run = (await execute(workflow.id)).body;
    expect(run.targets).toHaveLength(1);
    expect((await theirs.client.claim()).body).toEqual({ job: null });
    const outsider = org.users.outsider.client;
    const path = `/api/orgs/${org.otherOrganizationId}/runs`;
    expect((await outsider.get(`${path}/${run.id}`)).status).toBe(404);
    expect((await outsider.get(`${path}/${run.targets[0].id}`)).status).toBe(404);
    expect((await outsider.get(`${path}/${run.id}/logs?targetId=${run.targets[0].id}`)).status).toBe(404);
    expect((await outsider.post(`${path}/${run.id}/retry-failed`)).status).toBe(404);
    expect((await editor().get(runUrl(run.id, "/logs?targetId=not-a-target"))).status).toBe(404);
    await editor().post(runUrl(run.id, "/cancel"));
  });
});

describe("POST retry-failed: who may", () => {
  /** A fan-out of its own workflow whose one target failed. */
  async function failedFanOut() {
    const label = freshLabel();
    const [runner] = await fleet(label, [`perm-${label}`]);
    const workflow = await workflowOn(label, { mode: "all" });
    const run = (await execute(workflow.id)).body;
    await runOn(runner!.client, "failed");
    return run.id as string;
  }

  it.each(CALLERS)("as %s", async (caller) => {
    const runId = await failedFanOut();
    const response = await clientOf(t.app, org, caller).post(runUrl(runId, "/retry-failed"));
    const status = expectedStatus(caller, { minimum: "editor", success: 201 });
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body.error.message).toBe(WORKFLOW_MESSAGES.cannotManage);
  });

  it.each(API_TOKEN_ROLES)("as an API token of the %s role", async (role) => {
    const runId = await failedFanOut();
    const { token } = await createApiToken(org.users.owner.client, orgId(), { name: `retry ${role}`, role });
    const response = await bearerClient(t.app, token).post(runUrl(runId, "/retry-failed"));
    expect(response.status).toBe(role === "viewer" ? 403 : 201);
    if (response.status === 201) expect(response.body.trigger).toBe("api");
  });
});

describe("the run rows", () => {
  it("keep a fan-out's targets under their run, gone with it", async () => {
    const label = freshLabel();
    await fleet(label, ["rows-a"]);
    const workflow = await workflowOn(label, { mode: "all" });
    const run = (await execute(workflow.id)).body;
    const [target] = await t.app.db.select().from(workflowRuns).where(eq(workflowRuns.parentRunId, run.id));
    expect(target).toMatchObject({ targetRunnerId: run.targets[0].runnerId, status: "queued" });
    await editor().post(runUrl(run.id, "/cancel"));
    await t.app.db.delete(workflowRuns).where(eq(workflowRuns.id, run.id));
    expect(await t.app.db.select().from(workflowRuns).where(eq(workflowRuns.parentRunId, run.id))).toEqual([]);
  });
});

describe("retention", () => {
  it("counts a workflow's runs against its cap, not their targets, and deletes a run's targets with it", async () => {
    const label = freshLabel();
    await fleet(label, ["keep-a", "keep-b"]);
    const cap = await org.users.owner.client.put(`/api/orgs/${orgId()}/retention`, {
      keepRunsDays: 90,
      maxRunsPerWorkflow: 10,
    });
    expect(cap.status).toBe(200);
    const workflow = await workflowOn(label, { mode: "all" });
    const runIds: string[] = [];
    for (let index = 0; index < 11; index++) {
      const run = (await execute(workflow.id)).body;
      await editor().post(runUrl(run.id, "/cancel"));
      runIds.push(run.id);
    }
    const rowsOf = () => t.app.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflow.id));
    expect(await rowsOf()).toHaveLength(11 * 3);

    const result = await createRetentionJob({ db: t.app.db, batchSize: 100 }).tick(new Date());
    expect(result).toMatchObject({ claimed: true });
    const left = await rowsOf();
    const parents = left.filter((row) => row.parentRunId === null).map((row) => row.id);
    expect(parents).toHaveLength(10);
    // The run over the cap went with both its targets; every target left has its run.
    expect(left.filter((row) => row.parentRunId !== null)).toHaveLength(10 * 2);
    expect(left.every((row) => row.parentRunId === null || parents.includes(row.parentRunId))).toBe(true);
  });
});
