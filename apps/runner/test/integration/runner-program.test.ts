import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isProcessAlive } from "../../src/execution/process-liveness.ts";
import {
  createRegistrationToken,
  getLogs,
  getRun,
  queueRun,
  registerRunner,
  startFlowdeck,
  textOf,
  type Flowdeck,
} from "../helpers/flowdeck-server.ts";
import { ProcessTracker, waitFor } from "../helpers/processes.ts";
import { RUNNER_BIN, runRunner, startRunner } from "../helpers/runner-cli.ts";

const processes = new ProcessTracker();
let flowdeck: Flowdeck;
let orgId: string;
const configDirs: string[] = [];

beforeAll(async () => {
  flowdeck = await startFlowdeck();
  orgId = flowdeck.owner.organizationId;
});
afterEach(async () => {
  processes.killAll();
  await Promise.all(configDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
afterAll(async () => {
  await flowdeck.close();
});

/** Registers a runner the way a person does, with the command Flowdeck shows; returns its config dir. */
async function newRunner(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-it-"));
  configDirs.push(dir);
  const result = await registerRunner(flowdeck, dir, name);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return dir;
}

function start(dir: string, ...args: string[]) {
  const runner = startRunner(["start", "--config", dir, ...args]);
  processes.track(runner.pid);
  return runner;
}

const waitForRun = (runId: string, done: (run: Awaited<ReturnType<typeof getRun>>) => boolean, timeoutMs = 20_000) =>
  waitFor(
    async () => {
      const run = await getRun(flowdeck.owner.client, orgId, runId);
      return done(run) ? run : null;
    },
    timeoutMs,
    `run ${runId}`,
  );

/** Pids a step printed as "name=pid". */
async function printedPids(runId: string, names: string[]): Promise<number[] | null> {
  const stdout = textOf(await getLogs(flowdeck.owner.client, orgId, runId), 0, "stdout");
  const pids = names.map((name) => Number(new RegExp(`${name}=(\\d+)`).exec(stdout)?.[1]));
  return pids.every((pid) => pid > 0) ? pids : null;
}

describe("flowdeck-runner against the real server", () => {
  it("registers with a token that then works no more, executes a run and reports each step's output and exit code", async () => {
    const dir = await newRunner("it-runner");
    expect((await stat(path.join(dir, "runner.json"))).mode & 0o777).toBe(0o600);

    const status = await runRunner(["status", "--config", dir]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('Flowdeck says: registered as "it-runner"');

    const runId = await queueRun(flowdeck, [
      'echo "hello from step $FLOWDECK_STEP of $FLOWDECK_RUN_ID"; echo "a warning" >&2',
      "echo failing; exit 3",
      "echo never",
    ]);
    const runner = start(dir, "--once");
    expect(await runner.exited).toBe(0);

    const run = await getRun(flowdeck.owner.client, orgId, runId);
    expect(run.status).toBe("failed");
    expect(run.steps.map((step) => [step.status, step.exitCode])).toEqual([
      ["succeeded", 0],
      ["failed", 3],
      ["skipped", null],
    ]);
    const logs = await getLogs(flowdeck.owner.client, orgId, runId);
    expect(textOf(logs, 0, "stdout")).toBe(`hello from step 1 of ${runId}\n`);
    expect(textOf(logs, 0, "stderr")).toBe("a warning\n");
    expect(textOf(logs, 2, "stdout")).toBe("");
    expect(textOf(logs, 2, "system")).toContain("Skipped: an earlier step failed.");
  });

  it("stops a cancelled run's whole process tree: the shell and its child are gone within 15 s", async () => {
    const dir = await newRunner("it-cancel");
    const runId = await queueRun(flowdeck, ['sleep 300 & echo "child=$!"; echo "shell=$$"; wait', "echo never"]);
    start(dir);
    const pids = await waitFor(() => printedPids(runId, ["shell", "child"]), 20_000, "the step's pids");
    processes.track(...pids);

    const cancelledAt = Date.now();
    const cancel = await flowdeck.owner.client.post(`/api/orgs/${orgId}/runs/${runId}/cancel`, {});
    expect(cancel.status).toBe(200);
    const run = await waitForRun(runId, (current) => current.status === "cancelled", 15_000);
    await waitFor(() => pids.every((pid) => !isProcessAlive(pid)), 15_000 - (Date.now() - cancelledAt), "both gone");
    expect(Date.now() - cancelledAt).toBeLessThan(15_000);
    expect(run.steps.map((step) => step.status)).toEqual(["cancelled", "skipped"]);
  });

  it("leaves the run lost when the runner is killed mid-run and its lease runs out", async () => {
    const dir = await newRunner("it-killed");
    const runId = await queueRun(flowdeck, ['echo "shell=$$"; sleep 300']);
    const runner = start(dir);
    const [shell] = (await waitFor(() => printedPids(runId, ["shell"]), 20_000, "the step's pid"))!;
    processes.track(shell!);

    runner.child.kill("SIGKILL");
    expect(await runner.exited).toBe("SIGKILL");
    const run = await waitForRun(runId, (current) => current.status === "lost", 15_000);
    expect(run.status).toBe("lost");
  });

  it("on SIGTERM lets the current step finish, skips the rest, reports and exits 0", async () => {
    const dir = await newRunner("it-sigterm");
    const runId = await queueRun(flowdeck, ['echo "shell=$$"; sleep 2; echo finished', "echo never"]);
    const runner = start(dir);
    await waitFor(() => printedPids(runId, ["shell"]), 20_000, "the first step");

    runner.child.kill("SIGTERM");
    expect(await runner.exited).toBe(0);
    const run = await getRun(flowdeck.owner.client, orgId, runId);
    expect(run.steps.map((step) => step.status)).toEqual(["succeeded", "skipped"]);
    expect(run.status).toBe("cancelled");
    expect(textOf(await getLogs(flowdeck.owner.client, orgId, runId), 0, "stdout")).toContain("finished");
  });

  it("ends register with the command that starts it, as it was itself run", async () => {
    const [byNode, byNpx] = [
      await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-it-")),
      await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-it-")),
    ];
    configDirs.push(byNode, byNpx);
    const notNpm = { npm_command: "", npm_lifecycle_event: "" };
    const run = await registerRunner(flowdeck, byNode, "it-by-node", notNpm);
    expect(run.stdout).toContain(
      `Start it with: node ${path.relative(process.cwd(), RUNNER_BIN)} start --config ${JSON.stringify(byNode)}\n`,
    );
    const npx = await registerRunner(flowdeck, byNpx, "it-by-npx", { npm_command: "exec", npm_lifecycle_event: "npx" });
    expect(npx.stdout).toContain(`Start it with: npx flowdeck-runner start --config ${JSON.stringify(byNpx)}\n`);
  });

  it("stops with a clear message when the runner is revoked, and unregister removes its credentials", async () => {
    const dir = await newRunner("it-revoked");
    const unregistered = await runRunner(["unregister", "--config", dir]);
    expect(unregistered.code).toBe(0);
    expect(unregistered.stdout).toContain('Unregistered "it-revoked"');
    await expect(stat(path.join(dir, "runner.json"))).rejects.toThrow(/ENOENT/);

    const again = await newRunner("it-revoked-2");
    const runner = start(again);
    await runner.waitForOutput(/waiting for runs/);
    const list = await flowdeck.owner.client.get<{ items: { id: string; name: string }[] }>(
      `/api/orgs/${orgId}/runners`,
    );
    const revoked = list.body.items.find((item) => item.name === "it-revoked-2")!;
    const revoke = await flowdeck.owner.client.post(`/api/orgs/${orgId}/runners/${revoked.id}/revoke`, {});
    expect(revoke.status).toBe(204);
    expect(await runner.exited).toBe(1);
    expect(runner.stderr()).toContain(
      "Flowdeck refused this runner's credential: the runner was revoked or unregistered.",
    );
    expect(runner.stderr()).not.toMatch(/\n\s+at /);
  });

  it("executes runs side by side with --concurrency", async () => {
    const dir = await newRunner("it-concurrent");
    const first = await queueRun(flowdeck, ["sleep 1; echo first"]);
    const second = await queueRun(flowdeck, ["sleep 1; echo second"]);
    const runner = start(dir, "--concurrency", "2");
    const runs = await Promise.all(
      [first, second].map((runId) => waitForRun(runId, (current) => current.status === "succeeded")),
    );
    runner.child.kill("SIGTERM");
    expect(await runner.exited).toBe(0);
    // Each step took a second; they overlapped.
    const [one, two] = runs.map((run) => [Date.parse(run.steps[0]!.startedAt!), Date.parse(run.steps[0]!.finishedAt!)]);
    expect(one![0]! < two![1]! && two![0]! < one![1]!).toBe(true);
  });

  it("refuses a registration token that was already used", async () => {
    const token = await createRegistrationToken(flowdeck.owner.client, orgId);
    const first = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-it-"));
    const second = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-it-"));
    configDirs.push(first, second);
    expect((await runRunner(["register", "--url", flowdeck.url, "--token", token, "--config", first])).code).toBe(0);
    const reused = await runRunner(["register", "--url", flowdeck.url, "--token", token, "--config", second]);
    expect(reused.code).toBe(1);
    expect(reused.stderr).toContain(
      "The registration token was refused: it is unknown, already used, or more than an hour old.",
    );
  });
});
