import type { LiveEvent } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunSignal } from "../../src/lib/event-hub.ts";
import { runnerRegistrationTokens, tasks } from "../../src/db/schema/index.ts";
import { claimRun } from "../../src/modules/runs/claim-run.ts";
import { auditRows, rowsSince } from "../audit/audit-support.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import {
  createLinuxWorkflow,
  createRegistrationToken,
  queueRun,
  registerRunner,
  RunnerClient,
} from "./runner-client.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "1" } });
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const admin = () => org.users.admin.client;
const editor = () => org.users.editor.client;
const runUrl = (runId: string, rest = "") => `/api/orgs/${org.organizationId}/runs/${runId}${rest}`;
const registration = (token: string) => ({
  token,
  name: "box",
  labels: [],
  os: "linux",
  arch: "x64",
  version: "0.1.0",
});

describe("registration", () => {
  it("shows the token once with the command to run, and the token registers one runner only", async () => {
    const { token, command } = await createRegistrationToken(admin(), org.organizationId);
    expect(token).toMatch(/^fdr_/);
    expect(command).toBe(
      `npx -y http://localhost:3000/runner/flowdeck-runner.tgz register --url http://localhost:3000 --token ${token}`,
    );
    const client = new RunnerClient(t.app, null);
    const first = await client.call("POST", "/register", registration(token));
    expect(first.status).toBe(201);
    expect(first.body.secret).toMatch(/^fdrs_/);
    expect(first.body.organizationId).toBe(org.organizationId);
    const again = await client.call("POST", "/register", registration(token));
    expect(again.status).toBe(401);
    // Stored hashed: neither the token nor the secret is in the database.
    const rows = await t.app.db.select().from(runnerRegistrationTokens);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("is the runner's own change: one audit row naming the new runner, and its live event", async () => {
    const { token } = await createRegistrationToken(admin(), org.organizationId);
    const baseline = await auditRows(t.app, org.organizationId);
    const heard: LiveEvent[] = [];
    const stop = t.app.events.subscribe(org.organizationId, (event) => heard.push(event));
    const response = await new RunnerClient(t.app, null).call("POST", "/register", {
      ...registration(token),
      name: "fresh-box",
    });
    expect(response.status).toBe(201);
    const runnerId = response.body.runnerId as string;
    const rows = await rowsSince(t.app, org.organizationId, baseline);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "runner.registered",
      actorKind: "runner",
      actorId: runnerId,
      actorLabel: "fresh-box",
      entityType: "runner",
      entityId: runnerId,
      summary: 'Registered the runner "fresh-box" (linux, x64)',
    });
    // With PostgreSQL the event comes back through NOTIFY, a moment after the answer.
    await vi.waitFor(() => expect(heard).toContainEqual({ entity: "runner", id: runnerId, action: "created" }));
    stop();
  });

  it("records nothing for a refused token", async () => {
    const baseline = await auditRows(t.app, org.organizationId);
    const response = await new RunnerClient(t.app, null).call(
      "POST",
      "/register",
      registration(`fdr_${"x".repeat(43)}`),
    );
    expect(response.status).toBe(401);
    expect(await rowsSince(t.app, org.organizationId, baseline)).toHaveLength(0);
  });

  it("refuses a token after its hour", async () => {
    const { token } = await createRegistrationToken(admin(), org.organizationId);
    await t.app.db.update(runnerRegistrationTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await new RunnerClient(t.app, null).call("POST", "/register", registration(token));
    expect(response.status).toBe(401);
    expect(response.body.error.message).toMatch(/unknown, already used or expired/);
  });

  it("tells the runner who it is, and refuses a missing or too old version with 412", async () => {
    const { client, id } = await registerRunner(t.app, admin(), org.organizationId, { labels: ["gpu"] });
    const self = await client.call("GET", "/runner");
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ id, os: "linux", labels: ["gpu"], organizationId: org.organizationId });
    const old = new RunnerClient(t.app, client.secret, "0.0.9");
    expect((await old.call("GET", "/runner")).status).toBe(412);
    const noVersion = await t.app.inject({ method: "GET", url: "/api/runner/v1/runner" });
    expect(noVersion.statusCode).toBe(412);
  });

  it("gives 401 to an unknown secret, a user's cookie, and a revoked runner", async () => {
    expect((await new RunnerClient(t.app, "fdrs_nope").call("GET", "/runner")).status).toBe(401);
    const withCookie = await editor().request({
      method: "GET",
      url: "/api/runner/v1/runner",
      headers: { "flowdeck-runner-version": "0.1.0" },
    });
    expect(withCookie.status).toBe(401);
    const { client, id } = await registerRunner(t.app, admin(), org.organizationId);
    expect((await admin().post(`/api/orgs/${org.organizationId}/runners/${id}/revoke`)).status).toBe(204);
    const after = await client.call("GET", "/runner");
    expect(after.status).toBe(401);
    expect(after.body.error.message).toMatch(/revoked/);
  });

  it("unregisters itself, and the audit log names the runner as the one who acted", async () => {
    const { client, id } = await registerRunner(t.app, admin(), org.organizationId);
    const baseline = await auditRows(t.app, org.organizationId);
    expect((await client.call("DELETE", "/runner")).status).toBe(204);
    expect((await client.call("GET", "/runner")).status).toBe(401);
    const rows = await rowsSince(t.app, org.organizationId, baseline);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "runner.revoked",
      actorKind: "runner",
      actorId: id,
      actorLabel: "build-box",
    });
  });
});

describe("a run executed by a runner", () => {
  it("is audited as the runner's doing, its end only: its claim and its steps are in the run itself", async () => {
    const { client, id } = await registerRunner(t.app, admin(), org.organizationId, { name: "auditor" });
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo one", "exit 3"], "Audited");
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    const baseline = await auditRows(t.app, org.organizationId);
    expect((await client.claim()).body.job.runId).toBe(runId);
    await client.step(runId, 0, { state: "started" });
    await client.step(runId, 0, { state: "finished", outcome: "succeeded", exitCode: 0, signal: null });
    await client.step(runId, 1, { state: "started" });
    await client.step(runId, 1, { state: "finished", outcome: "failed", exitCode: 3, signal: null });
    await client.complete(runId, "failed");
    // Repeats change nothing, so they record nothing.
    await client.step(runId, 1, { state: "finished", outcome: "failed", exitCode: 3, signal: null });
    await client.complete(runId, "failed");

    const rows = (await rowsSince(t.app, org.organizationId, baseline)).reverse();
    expect(rows.map((row) => row.action)).toEqual(["run.finished"]);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorKind: "runner",
        actorId: id,
        actorLabel: "auditor",
        entityType: "run",
        entityId: runId,
      });
    }
    expect(rows[0]).toMatchObject({
      summary: 'A run of "Audited" failed',
      changes: { status: { before: "running", after: "failed" } },
    });
    const view = await editor().get(`/api/orgs/${org.organizationId}/runs/${runId}`);
    expect(view.body).toMatchObject({ runner: { id, name: "auditor" }, status: "failed" });
    expect(
      view.body.steps.map((step: { status: string; exitCode: number | null }) => [step.status, step.exitCode]),
    ).toEqual([
      ["succeeded", 0],
      ["failed", 3],
    ]);
  });

  it("is claimed with its command snapshot, reports steps and output, and drives progress", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId, { name: "executor" });
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo one", null, "exit 3"], "Three");
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    // Edited after queueing: the run keeps the line it was queued with.
    await t.app.db.update(tasks).set({ commandLinux: "echo edited" });
    const claim = await client.claim();
    expect(claim.status).toBe(200);
    const job = claim.body.job;
    expect(job).toMatchObject({ runId, platform: "linux", workflowName: "Three", timeoutSeconds: 3600 });
    expect(job.steps.map((step: { command: string | null }) => step.command)).toEqual(["echo one", null, "exit 3"]);
    expect(job.env).toEqual({
      FLOWDECK_RUN_ID: runId,
      FLOWDECK_WORKFLOW: workflow.id,
      FLOWDECK_ORGANIZATION: org.organizationId,
    });

    expect((await client.step(runId, 0, { state: "started" })).body).toEqual({ cancel: false, reason: null });
    const batch = await client.logs(runId, 1, [{ position: 0, stream: "stdout", text: "one\n" }]);
    expect(batch.body).toEqual({ cancel: false, reason: null, nextSeq: 2 });
    await client.step(runId, 0, { state: "finished", outcome: "succeeded", exitCode: 0, signal: null });
    await client.step(runId, 1, { state: "finished", outcome: "skipped", exitCode: null, signal: null });
    await client.step(runId, 2, { state: "started" });
    await client.logs(runId, 2, [{ position: 2, stream: "stderr", text: "\u001b[31mboom\u001b[0m\n" }]);
    await client.step(runId, 2, { state: "finished", outcome: "failed", exitCode: 3, signal: null });
    const done = await client.complete(runId, "failed");
    expect(done.body).toEqual({ cancel: true, reason: "finished" });
    // A repeated complete changes nothing.
    expect((await client.complete(runId, "succeeded")).status).toBe(200);

    const view = await editor().get(runUrl(runId));
    expect(view.body).toMatchObject({ status: "failed", kind: "executed", runner: { name: "executor" } });
    expect(view.body.steps.map((step: { status: string }) => step.status)).toEqual(["succeeded", "skipped", "failed"]);
    expect(view.body.steps[2].exitCode).toBe(3);
    const log = await editor().get(runUrl(runId, "/logs"));
    expect(log.body.items.map((chunk: { stream: string }) => chunk.stream)).toEqual(["stdout", "stderr"]);
    const text = await editor().get(runUrl(runId, "/log.txt"));
    expect(text.headers["content-disposition"]).toMatch(/^attachment/);
    expect(text.body).toContain("== Step 1: Step 1 ==\none\n");
    const after = await editor().get(`/api/orgs/${org.organizationId}/workflows/${workflow.id}`);
    expect(after.body).toMatchObject({ status: "active", progress: 33, completedTasks: 1 });
  });

  it("takes the last step's report with the run's completion, in one call, as the two calls would record it", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId, { name: "one-call" });
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo a", "echo b"], "Two in one");
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    const job = (await client.claim()).body.job;
    expect(job).toMatchObject({ runId, completeTakesStep: true });
    await client.step(runId, 0, { state: "started" });
    await client.step(runId, 0, { state: "finished", outcome: "succeeded", exitCode: 0, signal: null });
    await client.step(runId, 1, { state: "started" });
    const last = {
      position: 1,
      report: {
        state: "finished",
        outcome: "succeeded",
        exitCode: 0,
        signal: null,
        attempts: [{ exitCode: 0, startedAt: "2026-11-29T10:00:00.000Z", endedAt: "2026-11-29T10:00:01.000Z" }],
        outputs: { VERSION: "1.2.3" },
      },
    };
    const done = await client.call("POST", `/runs/${runId}/complete`, { outcome: "succeeded", step: last });
    expect(done).toEqual({ status: 200, body: { cancel: true, reason: "finished" } });
    // Repeated, it changes nothing: the step and the run had ended.
    const again = await client.call("POST", `/runs/${runId}/complete`, {
      outcome: "failed",
      step: { position: 1, report: { ...last.report, outcome: "failed", exitCode: 1 } },
    });
    expect(again.status).toBe(200);

    const view = await editor().get(runUrl(runId));
    expect(view.body).toMatchObject({ status: "succeeded" });
    expect(view.body.steps[1]).toMatchObject({ status: "succeeded", exitCode: 0 });
    expect(view.body.outputs).toEqual({ step2: { VERSION: "1.2.3" } });
    expect(view.body.steps[1].attempts).toHaveLength(1);
    // Both steps ticked in the checklist, and the progress settled with the run's end.
    const after = await editor().get(`/api/orgs/${org.organizationId}/workflows/${workflow.id}`);
    expect(after.body).toMatchObject({ progress: 100, completedTasks: 2 });
  });

  it("refuses a last step report that is not a finished step's, with the field named", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo a"]);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    await client.claim();
    const refused = await client.call("POST", `/runs/${runId}/complete`, {
      outcome: "succeeded",
      step: { position: 0, report: { state: "started" } },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.error.fields)).toContain("step");
    // Nothing changed: the run still runs, and completes as before.
    expect((await editor().get(runUrl(runId))).body.status).toBe("running");
    expect((await client.complete(runId, "succeeded")).status).toBe(200);
  });

  it("carries the workflow's timeout, labels and each step's continue-on-error and timeout into the job", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId, { labels: ["ci"] });
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["false", "echo after"]);
    const saved = await editor().patch(`/api/orgs/${org.organizationId}/workflows/${workflow.id}`, {
      timeoutSeconds: 120,
      runnerLabels: ["CI"],
      stepOptions: [{ taskId: workflow.steps[0]!.taskId, continueOnError: true, timeoutSeconds: 30 }],
    });
    expect(saved.body).toMatchObject({ timeoutSeconds: 120, runnerLabels: ["ci"] });
    expect(saved.body.steps[0]).toMatchObject({ continueOnError: true, timeoutSeconds: 30 });
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    const job = (await client.claim()).body.job;
    expect(job).toMatchObject({ runId, timeoutSeconds: 120 });
    expect(job.steps).toMatchObject([
      { position: 0, continueOnError: true, timeoutSeconds: 30 },
      { position: 1, continueOnError: false, timeoutSeconds: null },
    ]);
    await client.complete(runId, "succeeded");
  });

  it("stores a retried log batch once and answers a gap with 409 and the batch expected", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo hi"]);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    expect((await client.claim()).body.job.runId).toBe(runId);
    const chunk = { position: 0, stream: "stdout", text: "hi\n" };
    expect((await client.logs(runId, 1, [chunk])).body.nextSeq).toBe(2);
    expect((await client.logs(runId, 1, [chunk])).body.nextSeq).toBe(2);
    const gap = await client.logs(runId, 5, [chunk]);
    expect(gap.status).toBe(409);
    expect(gap.body.error.fields).toEqual({ nextSeq: "2" });
    const log = await editor().get(runUrl(runId, "/logs"));
    expect(log.body.items).toHaveLength(1);
    await client.complete(runId, "succeeded");
  });

  it("stores output with NUL, lone surrogates and invalid UTF-8 as U+FFFD, and takes the batch", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo hi"]);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    expect((await client.claim()).body.job.runId).toBe(runId);
    const first = await client.logs(runId, 1, [
      { position: 0, stream: "stdout", text: "a\u0000b\n" },
      { position: 0, stream: "stderr", text: "x\uD800y\n" },
    ]);
    expect(first.status).toBe(200);
    // Bytes that are not UTF-8, straight in the body (what a runner of another make might send).
    const raw = Buffer.concat([
      Buffer.from('{"seq":2,"chunks":[{"position":0,"stream":"stdout","text":"c'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('d\\u0000\\n"}]}'),
    ]);
    expect((await client.call("POST", `/runs/${runId}/logs`, raw)).body).toMatchObject({ nextSeq: 3 });
    const log = await editor().get(runUrl(runId, "/logs"));
    expect(log.body.items.map((chunk: { text: string }) => chunk.text)).toEqual([
      "a\uFFFDb\n",
      "x\uFFFDy\n",
      "c\uFFFD\uFFFD\uFFFDd\uFFFD\n",
    ]);
    await client.complete(runId, "succeeded");
  });

  it("still refuses NUL in the body of a route that is not program output", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo hi"]);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    await client.claim();
    expect((await client.complete(runId, "succ\u0000eeded")).status).toBe(400);
    await client.complete(runId, "succeeded");
  });

  it("records no audit row for output and tells no list, but signals the run's viewers once per stored batch", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo hi"]);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    expect((await client.claim()).body.job.runId).toBe(runId);
    const baseline = await auditRows(t.app, org.organizationId);
    const heard: LiveEvent[] = [];
    const stop = t.app.events.subscribe(org.organizationId, (event) => heard.push(event));
    const signals: RunSignal[] = [];
    const stopSignals = t.app.events.subscribeRun(runId, (signal) => signals.push(signal));
    // Events arrive in the order they were published (NOTIFY with PostgreSQL): once a marker is
    // heard, so is everything published before it.
    const heardUpTo = async (id: string) => {
      const marker = { entity: "audit", id, action: "created" } as const;
      await t.app.events.publish(org.organizationId, marker);
      await vi.waitFor(() => expect(heard).toContainEqual(marker));
      return heard.splice(0).filter((event) => event.id !== id);
    };
    await heardUpTo(`before-${runId}`);
    const chunk = { position: 0, stream: "stdout", text: "hi\n" };
    expect((await client.logs(runId, 1, [chunk])).status).toBe(200);
    // A retried batch is stored once and announced once.
    expect((await client.logs(runId, 1, [chunk])).status).toBe(200);
    const announced = await heardUpTo(`after-${runId}`);
    stop();
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    stopSignals();
    expect(await rowsSince(t.app, org.organizationId, baseline)).toEqual([]);
    expect(announced).toEqual([]);
    const stored = await editor().get(runUrl(runId, "/logs"));
    expect(signals).toEqual([{ runId, seq: stored.body.items[0].id }]);
    await client.complete(runId, "succeeded");
  });

  it("wakes a waiting claim as soon as a run is queued", async () => {
    const waiting = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "20" }, database: t.database });
    try {
      const { client } = await registerRunner(waiting.app, admin(), org.organizationId);
      const other = new RunnerClient(waiting.app, client.secret);
      const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo wake"]);
      const started = Date.now();
      const claim = other.claim();
      // Queued through the waiting app, whose event hub the claim listens to.
      const response = await waiting.app.inject({
        method: "POST",
        url: `/api/orgs/${org.organizationId}/workflows/${workflow.id}/execute`,
        headers: { cookie: editor().cookieHeader, origin: "http://localhost:3000", "content-type": "application/json" },
        payload: JSON.stringify({ platform: "linux" }),
      });
      expect(response.statusCode).toBe(201);
      const body = (await claim).body;
      expect(body.job?.workflowId).toBe(workflow.id);
      // Woken by the event, not by the periodic look (every 5 s) nor the end of the hold (20 s).
      expect(Date.now() - started).toBeLessThan(3_000);
      await other.complete(body.job.runId, "succeeded");
    } finally {
      await waiting.close();
    }
  });

  it("wakes one of a runner's waiting claims per queued run, not every one", async () => {
    const waiting = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "20" }, database: t.database });
    const looks = async (found: boolean) => {
      const response = await waiting.app.inject({ method: "GET", url: "/metrics" });
      const line = response.body
        .split("\n")
        .find((text) => text.startsWith(`flowdeck_runner_claim_looks_total{found="${found}"} `));
      return Number(line?.split(" ")[1]);
    };
    try {
      const { client } = await registerRunner(waiting.app, admin(), org.organizationId, { os: "mac" });
      const runner = new RunnerClient(waiting.app, client.secret);
      const command = await createTask(editor(), org.organizationId, {
        name: "one of four",
        commands: { mac: "true" },
      });
      const workflow = await createWorkflow(editor(), org.organizationId, [command.id], { name: "One of four" });
      const claims = [runner.claim(), runner.claim(), runner.claim(), runner.claim()];
      // Each claim looks once, finds nothing and waits.
      await vi.waitFor(async () => expect(await looks(false)).toBe(4));
      const response = await waiting.app.inject({
        method: "POST",
        url: `/api/orgs/${org.organizationId}/workflows/${workflow.id}/execute`,
        headers: { cookie: editor().cookieHeader, origin: "http://localhost:3000", "content-type": "application/json" },
        payload: JSON.stringify({ platform: "mac" }),
      });
      expect(response.statusCode, response.body).toBe(201);
      const answered = await Promise.race(claims);
      expect(answered.body.job?.workflowId).toBe(workflow.id);
      expect(await looks(true)).toBe(1);
      // The claim that took it woke one more, which found nothing; the other two never looked.
      await vi.waitFor(async () => expect(await looks(false)).toBe(5));
      expect(await looks(false)).toBe(5);
      await runner.complete(answered.body.job.runId, "succeeded");
    } finally {
      await waiting.close();
    }
  });

  it("puts a run back in the queue when its runner hung up while it was being claimed", async () => {
    const { client, id } = await registerRunner(t.app, admin(), org.organizationId, { labels: ["hung-up"] });
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo again"]);
    await t.app.db.execute(`update workflows set runner_labels = '{hung-up}' where id = '${workflow.id}'`);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    // The claim's connection closed before it looked: what it takes, nobody would receive.
    const hungUp = new AbortController();
    hungUp.abort();
    const answer = await claimRun({
      scope: {
        db: t.app.db,
        events: t.app.events,
        metrics: t.app.metrics,
        actor: { kind: "runner", runnerId: id, name: "build-box", organizationId: org.organizationId },
        organizationId: org.organizationId,
      },
      runner: { id, organizationId: org.organizationId, os: "linux", labels: ["hung-up"] },
      holdMs: 0,
      leaseMs: 60_000,
      signal: hungUp.signal,
    });
    expect(answer).toEqual({ job: null });
    expect((await editor().get(runUrl(runId))).body).toMatchObject({ status: "queued", runner: null });
    // The next claim takes it at once, as if it had never been claimed.
    const job = (await client.claim()).body.job;
    expect(job.runId).toBe(runId);
    await client.complete(runId, "succeeded");
    expect((await editor().get(runUrl(runId))).body.status).toBe("succeeded");
  });

  it("answers no job after the hold when there is no work", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId, { os: "mac" });
    const response = await client.claim();
    expect(response).toEqual({ status: 200, body: { job: null } });
  });
});

describe("organizations and platforms", () => {
  it("never gives a run to another organization's runner, which gets 404 for its ids", async () => {
    const outsider = org.users.outsider.client;
    const { client: foreign } = await registerRunner(t.app, outsider, org.otherOrganizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo mine"]);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    expect((await foreign.claim()).body).toEqual({ job: null });
    expect((await foreign.heartbeat(runId)).status).toBe(404);
    expect((await foreign.logs(runId, 1, [{ position: 0, stream: "stdout", text: "x" }])).status).toBe(404);
    expect((await foreign.step(runId, 0, { state: "started" })).status).toBe(404);
    expect((await foreign.complete(runId, "succeeded")).status).toBe(404);
    // A Windows runner of the right organization does not get a Linux run either.
    const { client: windows } = await registerRunner(t.app, admin(), org.organizationId, { os: "windows" });
    expect((await windows.claim()).body).toEqual({ job: null });
    expect((await editor().post(runUrl(runId, "/cancel"))).body.status).toBe("cancelled");
  });

  it("gives a run asking for labels only to a runner that has them", async () => {
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo gpu"]);
    await t.app.db.execute(`update workflows set runner_labels = '{gpu}' where id = '${workflow.id}'`);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    const { client: plain } = await registerRunner(t.app, admin(), org.organizationId);
    expect((await plain.claim()).body).toEqual({ job: null });
    const { client: gpu } = await registerRunner(t.app, admin(), org.organizationId, { labels: ["gpu", "big"] });
    expect((await gpu.claim()).body.job.runId).toBe(runId);
    await gpu.complete(runId, "succeeded");
  });
});

describe("cancel", () => {
  it("cancels a queued run at once, and a running one on its runner's next call", async () => {
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["sleep 300"]);
    const queued = await queueRun(editor(), org.organizationId, workflow.id);
    const cancelled = await editor().post(runUrl(queued, "/cancel"));
    expect(cancelled.body).toMatchObject({ status: "cancelled", cancelRequested: false });

    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    expect((await client.claim()).body.job.runId).toBe(runId);
    expect((await client.heartbeat(runId)).body).toEqual({ cancel: false, reason: null });
    const asked = await editor().post(runUrl(runId, "/cancel"));
    expect(asked.body).toMatchObject({ status: "running", cancelRequested: true });
    expect((await client.heartbeat(runId)).body).toEqual({ cancel: true, reason: "cancelled" });
    await client.step(runId, 0, { state: "finished", outcome: "cancelled", exitCode: null, signal: "SIGINT" });
    await client.complete(runId, "cancelled");
    const view = await editor().get(runUrl(runId));
    expect(view.body).toMatchObject({ status: "cancelled" });
    expect(view.body.steps[0]).toMatchObject({ status: "cancelled", signal: "SIGINT" });
    expect((await editor().post(runUrl(runId, "/cancel"))).status).toBe(409);
  });
});
