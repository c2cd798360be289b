import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTask } from "../../../server/test/tasks/task-factory.ts";
import { createWorkflow } from "../../../server/test/workflows/workflow-factory.ts";
import { registerRunner, startFlowdeck, type Flowdeck } from "../helpers/flowdeck-server.ts";
import { ProcessTracker, waitFor } from "../helpers/processes.ts";
import { startRunner } from "../helpers/runner-cli.ts";

// PostgreSQL only (vitest.config.ts, project runner-postgres): two runner programs claim from one
// queue of 50 runs, several claims in flight at once, and each run is claimed and executed exactly
// once.

const RUNS = 50;
const processes = new ProcessTracker();
let flowdeck: Flowdeck;
let orgId: string;
let workDir: string;

beforeAll(async () => {
  flowdeck = await startFlowdeck();
  orgId = flowdeck.owner.organizationId;
  workDir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-claims-"));
});
afterEach(() => processes.killAll());
afterAll(async () => {
  await flowdeck.close();
  await rm(workDir, { recursive: true, force: true });
});

async function newRunner(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(workDir, `${name}-`));
  const registered = await registerRunner(flowdeck, dir, name);
  expect(registered.code).toBe(0);
  return dir;
}

/** The evidence file's lines as [runId, runner] pairs. */
async function evidence(file: string): Promise<[string, string][]> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split(" ") as [string, string]);
}

describe("two runner programs on PostgreSQL", () => {
  // Its waits allow 90 s, for a busy machine: the test itself takes seconds on an idle one.
  it("claim and execute each of 50 queued runs exactly once, each run by one runner", async () => {
    const { client } = flowdeck.owner;
    const file = path.join(workDir, "executed.txt");
    // Each execution appends its run id and the runner's name (from the runner process's environment,
    // which every step inherits); an append of one short line is atomic.
    const command = await createTask(client, orgId, {
      name: "Leave evidence",
      commands: { linux: `echo "$FLOWDECK_RUN_ID $EVIDENCE_RUNNER" >> '${file}'` },
    });
    // Queued side by side (the order does not matter): the test's time goes to the runners.
    const queued = await Promise.all(
      Array.from({ length: RUNS }, async (_, index) => {
        const workflow = await createWorkflow(client, orgId, [command.id], { name: `Job ${index}` });
        const response = await client.post<{ id: string; status: string }>(
          `/api/orgs/${orgId}/workflows/${workflow.id}/execute`,
          { platform: "linux" },
        );
        expect(response.status).toBe(201);
        expect(response.body.status).toBe("queued");
        return response.body.id;
      }),
    );

    const dirs = { one: await newRunner("one"), two: await newRunner("two") };
    const runners = (["one", "two"] as const).map((name) => {
      const runner = startRunner(["start", "--config", dirs[name], "--concurrency", "3"], { EVIDENCE_RUNNER: name });
      processes.track(runner.pid);
      return runner;
    });
    await waitFor(async () => (await evidence(file)).length >= RUNS, 60_000, `${RUNS} executions`);
    const runs = await waitFor(
      async () => {
        const views = await Promise.all(
          queued.map(async (runId) => {
            const response = await client.get<{ status: string; runner: { name: string } | null }>(
              `/api/orgs/${orgId}/runs/${runId}`,
            );
            return { runId, ...response.body };
          }),
        );
        return views.every((view) => view.status !== "queued" && view.status !== "running") && views;
      },
      30_000,
      "every run to end",
    );
    // Stopped gracefully: whatever either runner still had under way is finished and on file.
    for (const runner of runners) runner.child.kill("SIGTERM");
    expect(await Promise.all(runners.map((runner) => runner.exited))).toEqual([0, 0]);

    expect(runs.map((run) => run.status)).toEqual(queued.map(() => "succeeded"));
    const executed = await evidence(file);
    // Exactly once each: no run missing, none executed twice (by one runner or by both).
    expect(executed).toHaveLength(RUNS);
    expect(executed.map(([runId]) => runId).sort()).toEqual([...queued].sort());
    // Each run was executed by the runner the server records as having claimed it.
    const executedBy = new Map(executed);
    for (const run of runs) expect(executedBy.get(run.runId), run.runId).toBe(run.runner?.name);
    // Both took part: the runs were shared, not serialised behind one runner.
    const by = (name: string) => executed.filter(([, runner]) => runner === name).length;
    expect(by("one")).toBeGreaterThan(0);
    expect(by("two")).toBeGreaterThan(0);
  }, 120_000);
});
