import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTask } from "../../../server/test/tasks/task-factory.ts";
import { createWorkflow } from "../../../server/test/workflows/workflow-factory.ts";
import { isProcessAlive } from "../../src/execution/process-liveness.ts";
import { getLogs, registerRunner, startFlowdeck, textOf, type Flowdeck } from "../helpers/flowdeck-server.ts";
import { ProcessTracker, waitFor } from "../helpers/processes.ts";
import { startRunner } from "../helpers/runner-cli.ts";

// Issue 30 with three real runner programs (decision 080): two labelled web, one db.

type Target = {
  id: string;
  runnerId: string;
  runnerName: string;
  platform: string;
  status: string;
  exitCode: number | null;
  startedAt: string | null;
  endedAt: string | null;
  skipReason: string | null;
};
type FanOut = { id: string; status: string; targets: Target[]; runner: { id: string } | null };

const processes = new ProcessTracker();
let flowdeck: Flowdeck;
let orgId: string;
let scratch: string;
const runners: Record<"web-1" | "web-2" | "db-1", { dir: string; id: string }> = {} as never;

beforeAll(async () => {
  flowdeck = await startFlowdeck();
  orgId = flowdeck.owner.organizationId;
  scratch = await mkdtemp(path.join(os.tmpdir(), "flowdeck-fan-out-"));
  for (const [name, label] of [
    ["web-1", "web"],
    ["web-2", "web"],
    ["db-1", "db"],
  ] as const) {
    const dir = await mkdtemp(path.join(scratch, `${name}-`));
    const registered = await registerRunner(flowdeck, dir, name, {});
    expect(registered.code).toBe(0);
    const listed = await client().get<{ items: { id: string; name: string }[] }>(`/api/orgs/${orgId}/runners`);
    const id = listed.body.items.find((runner) => runner.name === name)!.id;
    const labelled = await client().patch(`/api/orgs/${orgId}/runners/${id}`, { labels: [label] });
    expect(labelled.status).toBe(200);
    runners[name] = { dir, id };
  }
});
afterEach(() => processes.killAll());
afterAll(async () => {
  await flowdeck.close();
  await rm(scratch, { recursive: true, force: true });
});

const client = () => flowdeck.owner.client;

/** Starts the runner program of that name; a step sees WHO (its name) and FAIL (set on the one that fails). */
async function start(name: keyof typeof runners, env: Record<string, string> = {}) {
  const runner = startRunner(["start", "--config", runners[name].dir], { WHO: name, ...env });
  processes.track(runner.pid);
  await runner.waitForOutput(/waiting for/);
  return runner;
}

async function fanOutWorkflow(command: string, target: Record<string, unknown> = {}) {
  const task = await createTask(client(), orgId, { name: `Fan ${Math.random()}`, commands: { linux: command } });
  return createWorkflow(client(), orgId, [task.id], {
    runnerLabels: ["web"],
    target: { mode: "all", keepGoing: true, ...target },
  });
}

async function execute(workflowId: string, body: Record<string, unknown> = {}) {
  const response = await client().post<FanOut>(`/api/orgs/${orgId}/workflows/${workflowId}/execute`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function read(runId: string) {
  const response = await client().get<FanOut>(`/api/orgs/${orgId}/runs/${runId}`);
  expect(response.status).toBe(200);
  return response.body;
}

const ended = (runId: string) =>
  waitFor(
    async () => {
      const run = await read(runId);
      return !["queued", "running"].includes(run.status) && run;
    },
    30_000,
    `run ${runId} ended`,
  );

const targetOf = (run: FanOut, name: string) => run.targets.find((target) => target.runnerName === name)!;

describe("a fan-out over real runner programs", () => {
  it("makes one target per matching runner, each executed once by its own runner with its own log", async () => {
    await Promise.all([start("web-1"), start("web-2"), start("db-1")]);
    const workflow = await fanOutWorkflow('echo "on $WHO"');
    const run = await ended((await execute(workflow.id)).id);
    expect(run.status).toBe("succeeded");
    expect(run.targets.map((target) => target.runnerName)).toEqual(["web-1", "web-2"]);
    for (const name of ["web-1", "web-2"] as const) {
      const target = targetOf(run, name);
      expect(target).toMatchObject({ runnerId: runners[name].id, platform: "linux", status: "succeeded", exitCode: 0 });
      const executed = await client().get<FanOut>(`/api/orgs/${orgId}/runs/${target.id}`);
      expect(executed.body.runner?.id).toBe(runners[name].id);
      const logs = await client().get<{ items: { position: number; stream: string; text: string }[] }>(
        `/api/orgs/${orgId}/runs/${run.id}/logs?targetId=${target.id}`,
      );
      expect(textOf(logs.body.items, 0, "stdout")).toBe(`on ${name}\n`);
    }
    const download = await client().get<string>(`/api/orgs/${orgId}/runs/${run.id}/log.txt`);
    expect(download.body).toMatch(/==== web-1 \(succeeded\) ====\n== Step 1: .*\non web-1\n/);
    expect(download.body).toMatch(/==== web-2 \(succeeded\) ====\n== Step 1: .*\non web-2\n/);
    // The history counts the run, not its targets.
    const history = await client().get<{ items: { id: string }[] }>(
      `/api/orgs/${orgId}/workflows/${workflow.id}/history`,
    );
    expect(history.body.items.map((item) => item.id)).toEqual([run.id]);
  });

  it("fails at a threshold of 100 % when one target fails and keeps going, and succeeds at 50 %", async () => {
    // web-2's steps fail while this file exists: removing it mends web-2 without restarting it.
    const broken = path.join(scratch, "web-2-broken");
    await writeFile(broken, "");
    const check = 'echo "on $WHO"; test ! -e "${BROKEN:-/nonexistent}"';
    await Promise.all([start("web-1"), start("web-2", { BROKEN: broken })]);
    const strict = await fanOutWorkflow(check);
    const failed = await ended((await execute(strict.id)).id);
    expect(failed.status).toBe("failed");
    expect(targetOf(failed, "web-1")).toMatchObject({ status: "succeeded", exitCode: 0 });
    expect(targetOf(failed, "web-2")).toMatchObject({ status: "failed", exitCode: 1 });

    const lenient = await fanOutWorkflow(check, { successThreshold: 50 });
    const succeeded = await ended((await execute(lenient.id)).id);
    expect(succeeded.status).toBe("succeeded");
    expect(targetOf(succeeded, "web-2").status).toBe("failed");

    // Retry failed targets: a new run over web-2 alone, which now succeeds.
    await rm(broken);
    const retry = await client().post<FanOut>(`/api/orgs/${orgId}/runs/${failed.id}/retry-failed`);
    expect(retry.status).toBe(201);
    expect(retry.body.targets.map((target) => target.runnerName)).toEqual(["web-2"]);
    const retried = await ended(retry.body.id);
    expect(retried.status).toBe("succeeded");
    expect(retried.targets).toHaveLength(1);
    expect(targetOf(retried, "web-2")).toMatchObject({ status: "succeeded", exitCode: 0 });
  });

  it("runs the targets one after another with a batch size of 1", async () => {
    await Promise.all([start("web-1"), start("web-2")]);
    const workflow = await fanOutWorkflow("sleep 0.5", { batchSize: 1 });
    const run = await ended((await execute(workflow.id)).id);
    expect(run.status).toBe("succeeded");
    const [first, second] = [...run.targets].sort((a, b) => a.startedAt!.localeCompare(b.startedAt!));
    expect(Date.parse(second!.startedAt!)).toBeGreaterThanOrEqual(Date.parse(first!.endedAt!));
  });

  it("sends a pinned run only to its runner, which it waits for", async () => {
    await Promise.all([start("web-1"), start("web-2")]);
    const task = await createTask(client(), orgId, { name: "Pinned", commands: { linux: 'echo "on $WHO"' } });
    const pinned = await createWorkflow(client(), orgId, [task.id], {
      target: { mode: "runner", runnerId: runners["db-1"].id },
    });
    const waiting = await execute(pinned.id);
    // An ordinary run queued after it is taken by a web runner while the pinned one still waits.
    const other = await fanOutWorkflow("true");
    expect((await ended((await execute(other.id)).id)).status).toBe("succeeded");
    expect((await read(waiting.id)).status).toBe("queued");
    await start("db-1");
    const done = await ended(waiting.id);
    expect(done.status).toBe("succeeded");
    expect(done.runner?.id).toBe(runners["db-1"].id);
    expect(textOf(await getLogs(client(), orgId, waiting.id), 0, "stdout")).toBe("on db-1\n");
  });

  it("cancels every target and stops each one's process tree", async () => {
    await Promise.all([start("web-1"), start("web-2")]);
    const pids = path.join(scratch, "pids");
    const workflow = await fanOutWorkflow(`sh -c 'echo $$ >> ${pids}; sleep 60' & wait`);
    const run = await execute(workflow.id);
    const shells = await waitFor(
      async () => {
        const text = await readFile(pids, "utf8").catch(() => "");
        const found = text.trim().split("\n").filter(Boolean).map(Number);
        return found.length === 2 && found;
      },
      20_000,
      "both targets running",
    );
    const cancelled = await client().post(`/api/orgs/${orgId}/runs/${run.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const done = await ended(run.id);
    expect(done.status).toBe("cancelled");
    expect(done.targets.map((target) => target.status)).toEqual(["cancelled", "cancelled"]);
    await waitFor(() => shells.every((pid) => !isProcessAlive(pid)), 10_000, "the steps' processes stopped");
  });
});
