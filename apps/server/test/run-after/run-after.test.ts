import { roleRank } from "@flowdeck/shared";
import { API_TOKEN_ROLES } from "@flowdeck/shared/api-tokens/schemas";
import { RUN_AFTER_MESSAGES, WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, workflowRuns } from "../../src/db/schema/index.ts";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { registerRunner, type RunnerClient } from "../runners/runner-client.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";

/**
 * "Run after" (decision 073): B starts when a run of A ends as B's entry says, in the same
 * transaction as A's end, with parameters mapped from A's run; loops are refused when saved. A's
 * runs are ended by a registered runner through the runner protocol.
 */

let t: TestApp;
let org: OrgWithRoles;
let runner: RunnerClient;
let taskId = "";
beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "0" } });
  org = await createOrgWithRoles(t.app);
  runner = (await registerRunner(t.app, org.users.admin.client, org.organizationId)).client;
  taskId = (
    await createTask(org.users.editor.client, org.organizationId, { name: "Echo", commands: { linux: "echo hi" } })
  ).id;
});
afterAll(() => t.close());

const editor = () => org.users.editor.client;
const orgUrl = (rest: string) => `/api/orgs/${org.organizationId}${rest}`;
const ENV = { name: "env", label: "Environment", type: "text", default: "staging" };
const TARGET = { name: "target", label: "Target", type: "text", default: "nowhere" };
const VERSION = { name: "version", label: "Version", type: "text", default: "unknown" };

let made = 0;
async function workflow(overrides: Record<string, unknown> = {}) {
  made += 1;
  return createWorkflow(editor(), org.organizationId, [taskId], { name: `Flow ${made}`, ...overrides });
}

const runsOf = (workflowId: string) =>
  t.app.db
    .select()
    .from(workflowRuns)
    .where(eq(workflowRuns.workflowId, workflowId))
    .orderBy(asc(workflowRuns.startedAt));

/** Run now on A, the runner claims it and reports `outcome`: A's run id. */
async function runAndEnd(workflowId: string, outcome: string, parameters: Record<string, unknown> = {}) {
  const queued = await editor().post(orgUrl(`/workflows/${workflowId}/execute`), { platform: "linux", parameters });
  expect(queued.status).toBe(201);
  const runId = queued.body.id as string;
  const claim = await runner.claim();
  expect(claim.body.job.runId).toBe(runId);
  expect((await runner.complete(runId, outcome)).status).toBe(200);
  return runId;
}

/** Ends the runs a chain queued, so the next test's claim takes its own run. */
async function cancelQueued(workflowIds: string[]) {
  for (const id of workflowIds) {
    for (const run of await runsOf(id)) {
      if (run.status === "queued") await editor().post(orgUrl(`/runs/${run.id}/cancel`));
    }
  }
}

const auditSummaries = async (action: string) =>
  (
    await t.app.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, org.organizationId), eq(auditLog.action, action)))
  ).map((row) => row.summary);

describe("saving runAfter", () => {
  it("stores the entries and answers them with the followed workflow's name", async () => {
    const a = await workflow({ parameters: [ENV] });
    const b = await workflow({
      parameters: [TARGET],
      runAfter: [{ workflowId: a.id, on: "success", parameters: { target: "/parameters/env" } }],
    });
    expect(b.runAfter).toEqual([
      { workflowId: a.id, workflowName: a.name, on: "success", parameters: { target: "/parameters/env" } },
    ]);
    const read = await editor().get(orgUrl(`/workflows/${b.id}`));
    expect(read.body.runAfter).toEqual(b.runAfter);
    const cleared = await editor().patch(orgUrl(`/workflows/${b.id}`), { runAfter: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.runAfter).toEqual([]);
  });

  it("refuses an unknown workflow, naming runAfter.0.workflowId", async () => {
    const b = await workflow();
    const response = await editor().patch(orgUrl(`/workflows/${b.id}`), {
      runAfter: [{ workflowId: "no-such-workflow", on: "success" }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ "runAfter.0.workflowId": RUN_AFTER_MESSAGES.unknownWorkflow });
  });

  it("refuses another organization's workflow as unknown", async () => {
    const theirs = await createWorkflow(
      org.users.outsider.client,
      org.otherOrganizationId,
      [(await createTask(org.users.outsider.client, org.otherOrganizationId, { name: "Theirs" })).id],
      { name: "Theirs" },
    );
    const b = await workflow();
    const response = await editor().patch(orgUrl(`/workflows/${b.id}`), {
      runAfter: [{ workflowId: theirs.id, on: "always" }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields["runAfter.0.workflowId"]).toBe(RUN_AFTER_MESSAGES.unknownWorkflow);
  });

  it("refuses a workflow after itself", async () => {
    const b = await workflow();
    const response = await editor().patch(orgUrl(`/workflows/${b.id}`), {
      runAfter: [{ workflowId: b.id, on: "success" }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ "runAfter.0.workflowId": RUN_AFTER_MESSAGES.self });
  });

  it("refuses a loop A → B → A and A → B → C → A, naming it", async () => {
    const a = await workflow();
    const b = await workflow({ runAfter: [{ workflowId: a.id, on: "success" }] });
    const twoStep = await editor().patch(orgUrl(`/workflows/${a.id}`), {
      runAfter: [{ workflowId: b.id, on: "failure" }],
    });
    expect(twoStep.status).toBe(400);
    expect(twoStep.body.error.message).toBe(RUN_AFTER_MESSAGES.loop([b.name, a.name]));
    expect(twoStep.body.error.message).toBe(`This would make a loop: "${b.name}" → "${a.name}" → "${b.name}"`);

    const c = await workflow({ runAfter: [{ workflowId: b.id, on: "always" }] });
    const threeStep = await editor().patch(orgUrl(`/workflows/${a.id}`), {
      runAfter: [{ workflowId: c.id, on: "success" }],
    });
    expect(threeStep.status).toBe(400);
    expect(threeStep.body.error.message).toBe(RUN_AFTER_MESSAGES.loop([b.name, c.name, a.name]));
    expect(threeStep.body.error.fields).toEqual({ "runAfter.0.workflowId": threeStep.body.error.message });
    // Nothing was saved.
    expect((await editor().get(orgUrl(`/workflows/${a.id}`))).body.runAfter).toEqual([]);
  });

  it("refuses a mapping to a parameter the workflow does not declare, more than 10 entries, and a bad pointer", async () => {
    const a = await workflow();
    const b = await workflow({ parameters: [TARGET] });
    const undeclared = await editor().patch(orgUrl(`/workflows/${b.id}`), {
      runAfter: [{ workflowId: a.id, on: "success", parameters: { branch: "/parameters/env" } }],
    });
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.error.fields).toEqual({
      "runAfter.0.parameters.branch": RUN_AFTER_MESSAGES.notAParameter("branch"),
    });
    const pointer = await editor().patch(orgUrl(`/workflows/${b.id}`), {
      runAfter: [{ workflowId: a.id, on: "success", parameters: { target: "parameters/env" } }],
    });
    expect(pointer.status).toBe(400);
    const tooMany = await editor().patch(orgUrl(`/workflows/${b.id}`), {
      runAfter: Array.from({ length: 11 }, (_, index) => ({ workflowId: `w${index}`, on: "success" })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields.runAfter).toBe(RUN_AFTER_MESSAGES.tooMany);
  });
});

describe("a run's end starts its followers", () => {
  it("on success: B starts in A's transaction with a parameter mapped from A's, a pointer to nothing taking the default", async () => {
    const a = await workflow({ parameters: [ENV] });
    const b = await workflow({
      parameters: [TARGET, VERSION],
      runAfter: [
        {
          workflowId: a.id,
          on: "success",
          parameters: { target: "/parameters/env", version: "/outputs/build/VERSION" },
        },
      ],
    });
    const onFailure = await workflow({ runAfter: [{ workflowId: a.id, on: "failure" }] });
    const runA = await runAndEnd(a.id, "succeeded", { env: "prod" });
    const [runB] = await runsOf(b.id);
    expect(runB).toMatchObject({ trigger: "run-after", triggeredByRunId: runA, status: "queued", startedBy: null });
    const read = await editor().get(orgUrl(`/runs/${runB!.id}`));
    expect(read.body).toMatchObject({ trigger: "run-after", triggeredByRunId: runA, triggeredByWorkflowName: a.name });
    // A has no step "build": /outputs/build/VERSION finds nothing, and version takes its default.
    expect(read.body.parameters).toEqual({ target: "prod", version: "unknown" });
    expect(await runsOf(onFailure.id)).toEqual([]);
    expect(await auditSummaries("workflow.run")).toContain(`Ran the workflow "${b.name}" after a run of "${a.name}"`);
    await cancelQueued([b.id]);
  });

  it("passes an output of A's step to a parameter of B (/outputs/step1/version)", async () => {
    const a = await workflow();
    const b = await workflow({
      parameters: [VERSION],
      runAfter: [{ workflowId: a.id, on: "success", parameters: { version: "/outputs/step1/version" } }],
    });
    const queued = await editor().post(orgUrl(`/workflows/${a.id}/execute`), { platform: "linux" });
    const runA = queued.body.id as string;
    expect((await runner.claim()).body.job.runId).toBe(runA);
    expect((await runner.step(runA, 0, { state: "started" })).status).toBe(200);
    const finished = await runner.step(runA, 0, {
      state: "finished",
      outcome: "succeeded",
      exitCode: 0,
      signal: null,
      outputs: { version: "2.4.1" },
    });
    expect(finished.status).toBe(200);
    expect((await runner.complete(runA, "succeeded")).status).toBe(200);
    expect((await editor().get(orgUrl(`/runs/${runA}`))).body.outputs).toEqual({ step1: { version: "2.4.1" } });
    const [runB] = await runsOf(b.id);
    expect((await editor().get(orgUrl(`/runs/${runB!.id}`))).body.parameters).toEqual({ version: "2.4.1" });
    await cancelQueued([b.id]);
  });

  it.each([["failed"], ["timed-out"]])(
    "on failure: an A that %s starts B, and a success follower stays",
    async (outcome) => {
      const a = await workflow();
      const b = await workflow({ runAfter: [{ workflowId: a.id, on: "failure" }] });
      const onSuccess = await workflow({ runAfter: [{ workflowId: a.id, on: "success" }] });
      const runA = await runAndEnd(a.id, outcome);
      expect((await runsOf(b.id)).map((run) => [run.trigger, run.triggeredByRunId])).toEqual([["run-after", runA]]);
      expect(await runsOf(onSuccess.id)).toEqual([]);
      await cancelQueued([b.id]);
    },
  );

  it("always: B starts after a success and after a failure, but never after a cancel", async () => {
    const a = await workflow();
    const b = await workflow({ runAfter: [{ workflowId: a.id, on: "always" }] });
    const first = await runAndEnd(a.id, "succeeded");
    await cancelQueued([b.id]);
    const second = await runAndEnd(a.id, "failed");
    await cancelQueued([b.id]);
    expect((await runsOf(b.id)).map((run) => run.triggeredByRunId)).toEqual([first, second]);
    // A cancelled run was stopped on purpose: it starts nothing.
    const queued = await editor().post(orgUrl(`/workflows/${a.id}/execute`), { platform: "linux" });
    expect((await editor().post(orgUrl(`/runs/${queued.body.id}/cancel`))).status).toBe(200);
    expect(await runsOf(b.id)).toHaveLength(2);
  });

  it("B that cannot start does not roll back A's end: the refusal is in the audit log", async () => {
    const a = await workflow();
    const busy = await workflow({ runAfter: [{ workflowId: a.id, on: "success" }] });
    const b = await workflow({ runAfter: [{ workflowId: a.id, on: "success" }] });
    // busy is already under way: its start is refused, b still starts.
    const blocking = await editor().post(orgUrl(`/workflows/${busy.id}/execute`), { platform: "linux" });
    expect(blocking.status).toBe(201);
    const queued = await editor().post(orgUrl(`/workflows/${a.id}/execute`), { platform: "linux" });
    // The oldest queued run is busy's: claim it first and leave it running.
    expect((await runner.claim()).body.job.runId).toBe(blocking.body.id);
    expect((await runner.claim()).body.job.runId).toBe(queued.body.id);
    expect((await runner.complete(queued.body.id, "succeeded")).status).toBe(200);
    expect((await editor().get(orgUrl(`/runs/${queued.body.id}`))).body.status).toBe("succeeded");
    expect((await runsOf(busy.id)).map((run) => run.status)).toEqual(["running"]);
    expect((await runsOf(b.id)).map((run) => run.status)).toEqual(["queued"]);
    expect(await auditSummaries("workflow.run_after_failed")).toContain(
      `Could not start the workflow "${busy.name}" after a run of "${a.name}" (${WORKFLOW_MESSAGES.alreadyRunning})`,
    );
    expect((await runner.complete(blocking.body.id, "cancelled")).status).toBe(200);
    await cancelQueued([b.id]);
  });

  it("a mapped value B refuses is recorded and A still ends", async () => {
    const a = await workflow({ parameters: [ENV] });
    const count = { name: "count", label: "Count", type: "number", required: true };
    const b = await workflow({
      parameters: [count],
      runAfter: [{ workflowId: a.id, on: "success", parameters: { count: "/parameters/env" } }],
    });
    const runA = await runAndEnd(a.id, "succeeded", { env: "prod" });
    expect((await editor().get(orgUrl(`/runs/${runA}`))).body.status).toBe("succeeded");
    expect(await runsOf(b.id)).toEqual([]);
    const [summary] = (await auditSummaries("workflow.run_after_failed")).filter((text) => text.includes(b.name));
    expect(summary).toMatch(
      new RegExp(`^Could not start the workflow "${b.name}" after a run of "${a.name}" \\(.+\\)$`),
    );
  });

  it("a deleted followed workflow takes the entry with it", async () => {
    const a = await workflow();
    const b = await workflow({ runAfter: [{ workflowId: a.id, on: "success" }] });
    expect((await editor().delete(orgUrl(`/workflows/${a.id}`))).status).toBe(200);
    expect((await editor().get(orgUrl(`/workflows/${b.id}`))).body.runAfter).toEqual([]);
  });
});

describe("permission: setting runAfter follows workflows.update", () => {
  let a = "";
  let b = "";
  beforeAll(async () => {
    a = (await workflow()).id;
    b = (await workflow()).id;
  });
  const set = (client: ReturnType<typeof clientOf>) =>
    client.patch(orgUrl(`/workflows/${b}`), { runAfter: [{ workflowId: a, on: "success" }] });
  const route = { minimum: "editor" as const, success: 200 };

  it.each(CALLERS)("as %s", async (caller) => {
    const response = await set(clientOf(t.app, org, caller));
    const status = expectedStatus(caller, route);
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body.error.message).toBe(WORKFLOW_MESSAGES.cannotManage);
  });

  it.each(API_TOKEN_ROLES)("with an API token of the %s role", async (role) => {
    const { token } = await createApiToken(org.users.owner.client, org.organizationId, { name: `CI ${role}`, role });
    const response = await set(bearerClient(t.app, token));
    const allowed = roleRank(role) >= roleRank("editor");
    expect(response.status).toBe(allowed ? 200 : 403);
    if (!allowed) expect(response.body.error.message).toBe(WORKFLOW_MESSAGES.cannotManage);
  });

  it("with an admin token of another organization: 404", async () => {
    const { token } = await createApiToken(org.users.outsider.client, org.otherOrganizationId, { role: "admin" });
    expect((await set(bearerClient(t.app, token))).status).toBe(404);
  });
});
