import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
// The server app's decorations (its `db` and `events`), for the scheduler this test ticks.
import type {} from "../../../server/src/app.ts";
import { workflows } from "../../../server/src/db/schema/index.ts";
import { createScheduler } from "../../../server/src/jobs/scheduler.ts";
import { createTask } from "../../../server/test/tasks/task-factory.ts";
import { createWorkflow } from "../../../server/test/workflows/workflow-factory.ts";
import { isProcessAlive } from "../../src/execution/process-liveness.ts";
import { getLogs, getRun, registerRunner, startFlowdeck, textOf, type Flowdeck } from "../helpers/flowdeck-server.ts";
import { ProcessTracker, waitFor, waitForFileLine } from "../helpers/processes.ts";
import { startRunner, type RunnerProcess } from "../helpers/runner-cli.ts";

// Issue 16 item 3 with a real runner (decision 028): a scheduled workflow comes due while its run is
// under way on the runner, its step waiting for a file the test creates.

const steps = new ProcessTracker();
const runnerProcess = new ProcessTracker();
let flowdeck: Flowdeck;
let orgId: string;
let workDir: string;
let runner: RunnerProcess;

beforeAll(async () => {
  flowdeck = await startFlowdeck();
  orgId = flowdeck.owner.organizationId;
  workDir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-policy-"));
  const registered = await registerRunner(flowdeck, workDir);
  expect(registered.code).toBe(0);
  // Two at once, so a run one test left behind never holds up the next test's runs.
  runner = startRunner(["start", "--config", workDir, "--concurrency", "2"]);
  runnerProcess.track(runner.pid);
  await runner.waitForOutput(/waiting for up to 2 runs at once/);
});
afterEach(() => steps.killAll());
afterAll(async () => {
  runnerProcess.killAll();
  await flowdeck.close();
  await rm(workDir, { recursive: true, force: true });
});

const client = () => flowdeck.owner.client;
const workflowUrl = (workflowId: string, rest = "") => `/api/orgs/${orgId}/workflows/${workflowId}${rest}`;
const scheduler = () => createScheduler({ db: flowdeck.testApp.app.db, events: flowdeck.testApp.app.events });

/** Makes the workflow due now and ticks the scheduler, as its interval would. */
async function comesDue(workflowId: string) {
  const dueAt = new Date();
  await flowdeck.testApp.app.db.update(workflows).set({ nextExecution: dueAt }).where(eq(workflows.id, workflowId));
  return { dueAt, tick: await scheduler().tick() };
}

type HistoryRun = { id: string; status: string };
/** The workflow's runs through its history, oldest first. */
async function runsOf(workflowId: string): Promise<HistoryRun[]> {
  const response = await client().get<{ items: HistoryRun[] }>(workflowUrl(workflowId, "/history"));
  expect(response.status).toBe(200);
  return response.body.items.reverse();
}

const runEnded = (runId: string, status: string) =>
  waitFor(
    async () => {
      const run = await getRun(client(), orgId, runId);
      return run.status === status && run;
    },
    20_000,
    `run ${runId} ${status}`,
  );

/** The pid of the shell of the run's step, once it is running on the runner. */
const stepShell = async (runId: string) => {
  const pid = await waitFor(
    async () => Number(/shell=(\d+)/.exec(textOf(await getLogs(client(), orgId, runId), 0, "stdout"))?.[1]),
    20_000,
    `run ${runId} running`,
  );
  steps.track(pid);
  return pid;
};

/**
 * A daily workflow with `policy` whose one step prints its shell's pid, waits for the release file,
 * then appends its run id to the evidence file; its first run, started by the scheduler, is under
 * way on the runner.
 */
async function busyWorkflow(policy: "skip" | "queue" | "cancel") {
  const release = path.join(workDir, `release-${policy}`);
  const evidence = path.join(workDir, `executed-${policy}`);
  const command = await createTask(client(), orgId, {
    name: `Wait (${policy})`,
    commands: {
      linux: `${waitForFileLine(release)} && echo "$FLOWDECK_RUN_ID" >> '${evidence}'`,
    },
  });
  const workflow = await createWorkflow(client(), orgId, [command.id], {
    name: `Policy ${policy}`,
    schedule: { type: "daily", isEnabled: true, time: "09:00" },
    concurrencyPolicy: policy,
  });
  const { tick } = await comesDue(workflow.id);
  expect(tick.ran).toContain(workflow.id);
  const [first] = await runsOf(workflow.id);
  const shell = await stepShell(first!.id);
  return {
    workflowId: workflow.id,
    first: first!.id,
    shell,
    release: () => writeFile(release, ""),
    executed: async () => (await readFile(evidence, "utf8").catch(() => "")).split("\n").filter(Boolean),
  };
}

describe("a workflow due while its run is under way on a real runner", () => {
  it("skip: records the skipped due time and starts nothing", async () => {
    const busy = await busyWorkflow("skip");
    const { dueAt, tick } = await comesDue(busy.workflowId);
    expect(tick.skipped).toContain(busy.workflowId);
    expect(tick.ran).not.toContain(busy.workflowId);
    const shown = await client().get(workflowUrl(busy.workflowId));
    expect(shown.body).toMatchObject({ skippedRuns: 1, lastSkippedAt: dueAt.toISOString() });
    expect(isProcessAlive(busy.shell)).toBe(true);

    await busy.release();
    await runEnded(busy.first, "succeeded");
    // Nothing more comes of the skipped due time, not even once the run has ended.
    expect((await scheduler().tick()).ran).not.toContain(busy.workflowId);
    expect(await runsOf(busy.workflowId)).toEqual([expect.objectContaining({ id: busy.first, status: "succeeded" })]);
    expect(await busy.executed()).toEqual([busy.first]);
  });

  it("queue: runs it after the first run ends", async () => {
    const busy = await busyWorkflow("queue");
    const { tick } = await comesDue(busy.workflowId);
    expect([...tick.ran, ...tick.skipped]).not.toContain(busy.workflowId);
    expect((await scheduler().tick()).ran).not.toContain(busy.workflowId);
    expect((await runsOf(busy.workflowId)).map((run) => run.id)).toEqual([busy.first]);

    await busy.release();
    const first = await runEnded(busy.first, "succeeded");
    // Still due: the scheduler's next tick starts it.
    expect((await scheduler().tick()).ran).toContain(busy.workflowId);
    const runs = await runsOf(busy.workflowId);
    expect(runs).toHaveLength(2);
    const second = await runEnded(runs[1]!.id, "succeeded");
    expect(Date.parse(second.steps[0]!.startedAt!)).toBeGreaterThanOrEqual(Date.parse(first.steps[0]!.finishedAt!));
    expect(await busy.executed()).toEqual([busy.first, runs[1]!.id]);
  });

  it("cancel: stops the running one, its process gone, and starts the new one", async () => {
    const busy = await busyWorkflow("cancel");
    const { tick } = await comesDue(busy.workflowId);
    expect(tick.ran).toContain(busy.workflowId);
    const cancelled = await runEnded(busy.first, "cancelled");
    expect(cancelled.steps[0]!.status).toBe("cancelled");
    await waitFor(() => !isProcessAlive(busy.shell), 15_000, "the cancelled step's shell gone");

    const runs = await runsOf(busy.workflowId);
    expect(runs.map((run) => run.id)).toHaveLength(2);
    const next = runs[1]!.id;
    const shell = await stepShell(next);
    expect(shell).not.toBe(busy.shell);
    await busy.release();
    await runEnded(next, "succeeded");
    // The cancelled run never got past its wait.
    expect(await busy.executed()).toEqual([next]);
  });
});
