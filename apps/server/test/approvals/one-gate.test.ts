import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { APPROVAL_MESSAGES } from "@flowdeck/shared/runs/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflowRuns, workflows } from "../../src/db/schema/index.ts";
import { callHook, createHook } from "../hooks/hook-client.ts";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, eventually, queueRun, registerRunner } from "../runners/runner-client.ts";
import {
  approve,
  askForRun,
  createApprovalOrg,
  createGatedWorkflow,
  orgUrl,
  reject,
  runUrl,
  schedulerOf,
} from "./support.ts";

/**
 * One gate, every path (decision 067): `decideRunStart` (modules/runs/gate.ts) decides whether a
 * run may start now, and only `startRun` (modules/runs/lifecycle.ts) creates a run, after asking
 * it. This file reads the sources for every place that creates a run, and runs each path that
 * exists today against a workflow that requires approval: a new trigger fails here until it has
 * a case below.
 */
const SRC = path.resolve(import.meta.dirname, "../../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

const files = sourceFiles(SRC).map((file) => ({
  name: path.relative(SRC, file).split(path.sep).join("/"),
  text: readFileSync(file, "utf8"),
}));

/** The body of the (exported or not) async function `name` in `text`: from its declaration to the next one. */
function functionBody(text: string, name: string): string {
  const start = text.search(new RegExp(`\\n(export )?async function ${name}\\(`));
  if (start < 0) return "";
  const next = text.slice(start + 1).search(/\n(export )?(async )?function /);
  return next < 0 ? text.slice(start) : text.slice(start, start + 1 + next);
}

/** The ways a run starts today, by the file that calls startRun, each run below. */
const PATHS_BY_CALLER: Record<string, string[]> = {
  "modules/runs/execute-workflow.ts": ["Run now (a cookie)", "Run again", "the API with a token"],
  "modules/runs/start-due-runs.ts": ["the scheduler", "the concurrency queue"],
  "modules/hooks/call-hook.ts": ["an inbound webhook"],
  "modules/runs/start-followers.ts": ["after another run"],
  "modules/runs/retry-failed.ts": ["retry failed targets"],
};

describe("the sources: every run is created behind the gate", () => {
  it("only the runs repository inserts a run, in insertRun (and a fan-out's targets in insertTargets), and no SQL does", () => {
    const inserts = files.flatMap((file) =>
      [...file.text.matchAll(/\.insert\(workflowRuns\)|insert\s+into\s+"?workflow_runs"?/gi)].map(() => file.name),
    );
    expect(inserts).toEqual(["modules/runs/repository.ts", "modules/runs/repository.ts"]);
    const repository = files.find((file) => file.name === "modules/runs/repository.ts")!.text;
    expect(functionBody(repository, "insertRun")).toMatch(/\.insert\(workflowRuns\)/);
    expect(functionBody(repository, "insertTargets")).toMatch(/\.insert\(workflowRuns\)/);
  });

  it("inserts a fan-out's targets only once its run has passed the gate (startRun or the last approval)", () => {
    const callers = files.flatMap((file) =>
      [...file.text.matchAll(/\binsertTargets\(/g)]
        .map(() => file.name)
        .filter((name) => !name.endsWith("repository.ts")),
    );
    expect(callers).toEqual(["modules/runs/lifecycle.ts"]);
    const lifecycle = files.find((file) => file.name === "modules/runs/lifecycle.ts")!.text;
    expect(functionBody(lifecycle, "startFanOut")).toMatch(/\binsertTargets\(/);
    const starts = [...lifecycle.matchAll(/\bstartFanOut\(/g)].length;
    expect(starts).toBe(3); // its definition, startRun after the gate, releaseRun after the last approval
    expect(functionBody(lifecycle, "startRun").indexOf("startFanOut(")).toBeGreaterThan(
      functionBody(lifecycle, "startRun").indexOf("await decideRunStart("),
    );
    expect(functionBody(lifecycle, "releaseRun")).toMatch(/\bstartFanOut\(/);
  });

  it("only startRun calls insertRun, after asking the gate and throwing its refusal", () => {
    const callers = files.flatMap((file) =>
      [...file.text.matchAll(/\binsertRun\(/g)].map(() => file.name).filter((name) => !name.endsWith("repository.ts")),
    );
    expect(callers).toEqual(["modules/runs/lifecycle.ts"]);
    const lifecycle = files.find((file) => file.name === "modules/runs/lifecycle.ts")!.text;
    const body = functionBody(lifecycle, "startRun");
    expect(body.match(/\binsertRun\(/g)).toHaveLength(1);
    const gate = body.indexOf("await decideRunStart(");
    expect(gate).toBeGreaterThan(0);
    expect(body.indexOf('decision.kind === "refused"')).toBeGreaterThan(gate);
    expect(body.indexOf("insertRun(")).toBeGreaterThan(gate);
    // Nothing else in the lifecycle creates a run.
    expect(lifecycle.split(/\binsertRun\(/).length - 1).toBe(1);
  });

  it("every caller of startRun is a path exercised below", () => {
    const callers = files
      .filter((file) => file.name !== "modules/runs/lifecycle.ts" && /\bstartRun\(/.test(file.text))
      .map((file) => file.name)
      .sort();
    expect(callers).toEqual(Object.keys(PATHS_BY_CALLER).sort());
  });
});

describe("every path that starts a run waits for approval", () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof createApprovalOrg>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "0" } });
    org = await createApprovalOrg(t.app);
    await registerRunner(t.app, org.users.admin.client, org.organizationId);
  });
  afterAll(() => t.close());

  const orgId = () => org.organizationId;
  const admin = () => org.users.admin.client;
  const editor = () => org.users.editor.client;
  const runsOf = (workflowId: string) =>
    t.app.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId)).orderBy(workflowRuns.startedAt);
  const dueAt = (workflowId: string, at: Date) =>
    t.app.db.update(workflows).set({ nextExecution: at }).where(eq(workflows.id, workflowId));
  const daily = { type: "daily", isEnabled: true, time: "09:00" };

  const cases: Record<string, () => Promise<void>> = {
    "Run now (a cookie)": async () => {
      const workflow = await createGatedWorkflow(admin(), orgId());
      expect((await askForRun(editor(), orgId(), workflow.id)).status).toBe("awaiting-approval");
    },
    "Run again": async () => {
      const workflow = await createGatedWorkflow(admin(), orgId());
      const first = await askForRun(editor(), orgId(), workflow.id);
      await reject(admin(), orgId(), first.id);
      // Run again sends the run's own values back through the same execute.
      const previous = (await editor().get(orgUrl(orgId(), `/runs/${first.id}`))).body;
      const again = await askForRun(editor(), orgId(), workflow.id, { parameters: previous.parameters });
      expect(again.status).toBe("awaiting-approval");
    },
    "the API with a token": async () => {
      const workflow = await createGatedWorkflow(admin(), orgId());
      const { token } = await createApiToken(org.users.owner.client, orgId(), { role: "editor" });
      expect((await askForRun(bearerClient(t.app, token), orgId(), workflow.id)).status).toBe("awaiting-approval");
    },
    "the scheduler": async () => {
      const workflow = await createGatedWorkflow(admin(), orgId());
      await admin().patch(orgUrl(orgId(), `/workflows/${workflow.id}`), { schedule: daily });
      const at = new Date(Date.now() + 60_000);
      await dueAt(workflow.id, at);
      expect((await schedulerOf(t.app).tick(at)).ran).toContain(workflow.id);
      const runs = await runsOf(workflow.id);
      expect(runs.map((run) => [run.status, run.trigger, run.startedBy])).toEqual([
        ["awaiting-approval", "schedule", null],
      ]);
    },
    "an inbound webhook": async () => {
      const workflow = await createGatedWorkflow(admin(), orgId());
      const hook = await createHook(editor(), orgId(), workflow.id, { name: "CI", signature: "none" });
      const call = await callHook(t.app, hook.url, "{}", { "content-type": "application/json" });
      expect(call.status).toBe(202);
      const runs = await runsOf(workflow.id);
      expect(runs.map((run) => [run.status, run.trigger, run.startedBy])).toEqual([
        ["awaiting-approval", "webhook", null],
      ]);
      // No person asked: any approver may approve it.
      expect((await admin().post(orgUrl(orgId(), `/runs/${runs[0]!.id}/approve`), { comment: "ok" })).status).toBe(200);
    },
    "after another run": async () => {
      const first = await createLinuxWorkflow(admin(), orgId(), ["echo first"], "First");
      const gated = await createGatedWorkflow(admin(), orgId());
      const chained = await admin().patch(orgUrl(orgId(), `/workflows/${gated.id}`), {
        runAfter: [{ workflowId: first.id, on: "success" }],
      });
      expect(chained.status).toBe(200);
      const runId = await queueRun(editor(), orgId(), first.id);
      const { client } = await registerRunner(t.app, admin(), orgId());
      // Runs approved by earlier cases may be queued first: claim until this one comes.
      await eventually(async () => (await client.claim()).body.job?.runId === runId);
      expect((await client.complete(runId, "succeeded")).status).toBe(200);
      const runs = await runsOf(gated.id);
      expect(runs.map((run) => [run.status, run.trigger, run.startedBy, run.triggeredByRunId])).toEqual([
        ["awaiting-approval", "run-after", null, runId],
      ]);
      // No person asked: any approver may approve it.
      expect((await admin().post(orgUrl(orgId(), `/runs/${runs[0]!.id}/approve`), { comment: "ok" })).status).toBe(200);
    },
    "retry failed targets": async () => {
      // A fan-out (decision 080) that requires approval: approved, one target failed, retried.
      const gated = await createGatedWorkflow(admin(), orgId());
      const fanOut = await admin().patch(orgUrl(orgId(), `/workflows/${gated.id}`), {
        runnerLabels: ["gate-fleet"],
        target: { mode: "all" },
      });
      expect(fanOut.status).toBe(200);
      const { client } = await registerRunner(t.app, admin(), orgId(), { labels: ["gate-fleet"] });
      const first = await askForRun(editor(), orgId(), gated.id);
      expect(first.status).toBe("awaiting-approval");
      expect((await approve(admin(), orgId(), first.id)).status).toBe(200);
      const [target] = (await editor().get(runUrl(orgId(), first.id))).body.targets;
      expect(target.status).toBe("queued");
      // Runs approved by earlier cases may be queued first: claim until this one comes.
      await eventually(async () => (await client.claim()).body.job?.runId === target.id);
      expect((await client.complete(target.id, "failed")).status).toBe(200);
      expect((await editor().get(runUrl(orgId(), first.id))).body.status).toBe("failed");
      const retry = await editor().post(runUrl(orgId(), first.id, "/retry-failed"));
      expect(retry.status).toBe(201);
      expect(retry.body).toMatchObject({ status: "awaiting-approval", targets: [] });
    },
    "the concurrency queue": async () => {
      const workflow = await createGatedWorkflow(admin(), orgId());
      await admin().patch(orgUrl(orgId(), `/workflows/${workflow.id}`), {
        schedule: daily,
        concurrencyPolicy: "queue",
      });
      const start = new Date(Date.now() + 60_000);
      await dueAt(workflow.id, start);
      await schedulerOf(t.app).tick(start);
      // Due again while the first waits: a queueing workflow is held while busy, then starts.
      const later = new Date(start.getTime() + 60_000);
      await dueAt(workflow.id, later);
      expect((await schedulerOf(t.app).tick(later)).ran).not.toContain(workflow.id);
      const [first] = await runsOf(workflow.id);
      await reject(admin(), orgId(), first!.id);
      expect((await schedulerOf(t.app).tick(later)).ran).toContain(workflow.id);
      const runs = await runsOf(workflow.id);
      expect(runs.map((run) => run.status)).toEqual(["rejected", "awaiting-approval"]);
    },
  };

  it("has a case for every path the sources name", () => {
    expect(Object.keys(cases).sort()).toEqual(Object.values(PATHS_BY_CALLER).flat().sort());
  });

  it.each(Object.keys(cases))("%s", async (name) => {
    await cases[name]!();
  });

  it("a typed confirmation: a person's Run now needs the exact name, a token's does not", async () => {
    const workflow = (
      await admin().patch(
        orgUrl(orgId(), `/workflows/${(await createGatedWorkflow(admin(), orgId(), {}, { name: "Prod DB" })).id}`),
        {
          confirmName: true,
          approval: null,
        },
      )
    ).body;
    expect(workflow.confirmName).toBe(true);
    const execute = (client = editor(), body: object = {}) =>
      client.post(orgUrl(orgId(), `/workflows/${workflow.id}/execute`), { platform: "linux", ...body });
    const missing = await execute();
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(APPROVAL_MESSAGES.confirmNameRequired);
    const wrong = await execute(editor(), { confirmName: "prod db" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(APPROVAL_MESSAGES.confirmNameMismatch);
    const right = await execute(editor(), { confirmName: "Prod DB" });
    expect(right.status).toBe(201);
    expect(right.body.status).toBe("queued");
    await editor().post(orgUrl(orgId(), `/runs/${right.body.id}/cancel`));
    const { token } = await createApiToken(org.users.owner.client, orgId(), { role: "editor" });
    expect((await execute(bearerClient(t.app, token))).status).toBe(201);
  });
});
