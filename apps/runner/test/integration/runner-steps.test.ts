import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTask } from "../../../server/test/tasks/task-factory.ts";
import { createWorkflow } from "../../../server/test/workflows/workflow-factory.ts";
import { isProcessAlive } from "../../src/execution/process-liveness.ts";
import {
  getLogs,
  getRun,
  queueRun,
  registerRunner,
  startFlowdeck,
  textOf,
  type Flowdeck,
} from "../helpers/flowdeck-server.ts";
import { ProcessTracker, waitFor, waitForFileLine } from "../helpers/processes.ts";
import { startRunner } from "../helpers/runner-cli.ts";

const processes = new ProcessTracker();
let flowdeck: Flowdeck;
let configDir: string;

beforeAll(async () => {
  flowdeck = await startFlowdeck();
  configDir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-it-"));
  const registered = await registerRunner(flowdeck, configDir);
  expect(registered.code).toBe(0);
});
afterEach(() => processes.killAll());
afterAll(async () => {
  await flowdeck.close();
  await rm(configDir, { recursive: true, force: true });
});

function start(...args: string[]) {
  const runner = startRunner(["start", "--config", configDir, ...args]);
  processes.track(runner.pid);
  return runner;
}

const run = (runId: string) => getRun(flowdeck.owner.client, flowdeck.owner.organizationId, runId);
const logs = (runId: string) => getLogs(flowdeck.owner.client, flowdeck.owner.organizationId, runId);

describe("flowdeck-runner executes a workflow's step settings", () => {
  it("goes on after a step with continue on error, skips a step without a Linux line, and stops a step at its time limit", async () => {
    const runId = await queueRun(flowdeck, [
      { linux: "echo first; exit 4", continueOnError: true },
      { windows: "Write-Output 'only on Windows'" },
      { linux: 'echo "shell=$$"; sleep 300', timeoutSeconds: 1 },
      "echo never",
    ]);
    const runner = start("--once");
    expect(await runner.exited).toBe(0);

    const result = await run(runId);
    expect(result.status).toBe("timed-out");
    expect(result.steps.map((step) => [step.status, step.exitCode])).toEqual([
      ["failed", 4],
      ["skipped", null],
      ["timed-out", null],
      ["skipped", null],
    ]);
    const output = await logs(runId);
    expect(textOf(output, 0, "system")).toContain("The step failed; the run goes on (continue on error).");
    expect(textOf(output, 1, "system")).toBe("Skipped: this command has no line for Linux.\n");
    expect(textOf(output, 2, "system")).toContain("The step timed out after 1 s and was stopped.");
    expect(textOf(output, 3, "system")).toBe("Skipped: an earlier step timed out.\n");
    const shell = Number(/shell=(\d+)/.exec(textOf(output, 2, "stdout"))?.[1]);
    expect(isProcessAlive(shell)).toBe(false);
  });

  it("ends the run as timed out at the workflow's time limit", async () => {
    const runId = await queueRun(flowdeck, ["sleep 300", "echo never"], { timeoutSeconds: 2 });
    const runner = start("--once");
    expect(await runner.exited).toBe(0);
    const result = await run(runId);
    expect(result.status).toBe("timed-out");
    expect(result.steps.map((step) => step.status)).toEqual(["timed-out", "skipped"]);
  });

  it("keeps what a step started in the background until the run ends, then stops it", async () => {
    const runId = await queueRun(flowdeck, [
      'sleep 300 & echo $! > background.pid; echo "background=$!"',
      'kill -0 "$(cat background.pid)" && echo "still running in $PWD"',
    ]);
    const runner = start("--once");
    expect(await runner.exited).toBe(0);
    const output = await logs(runId);
    const background = Number(/background=(\d+)/.exec(textOf(output, 0, "stdout"))?.[1]);
    processes.track(background);
    expect((await run(runId)).status).toBe("succeeded");
    expect(textOf(output, 1, "stdout")).toMatch(/^still running in .*flowdeck-run-/);
    expect(isProcessAlive(background)).toBe(false);
  });

  it("stops the running step on a second SIGTERM, reports it cancelled and exits 0", async () => {
    const runId = await queueRun(flowdeck, ['sleep 300 & echo "child=$!"; echo "shell=$$"; wait', "echo never"]);
    const runner = start();
    const pids = await waitFor(
      async () => {
        const stdout = textOf(await logs(runId), 0, "stdout");
        const found = ["shell", "child"].map((name) => Number(new RegExp(`${name}=(\\d+)`).exec(stdout)?.[1]));
        return found.every((pid) => pid > 0) ? found : null;
      },
      20_000,
      "the step's pids",
    );
    processes.track(...pids);

    runner.child.kill("SIGTERM");
    await runner.waitForOutput(/claiming no more runs/);
    runner.child.kill("SIGTERM");
    expect(await runner.exited).toBe(0);
    expect(pids.some(isProcessAlive)).toBe(false);
    const result = await run(runId);
    expect(result.status).toBe("cancelled");
    expect(result.steps.map((step) => step.status)).toEqual(["cancelled", "skipped"]);
  });

  it("on a third SIGTERM kills the steps' processes and exits at once", async () => {
    const runId = await queueRun(flowdeck, [`trap '' INT TERM; echo "shell=$$"; while true; do sleep 0.1; done`]);
    const runner = start();
    const shell = await waitFor(
      async () => Number(/shell=(\d+)/.exec(textOf(await logs(runId), 0, "stdout"))?.[1]),
      20_000,
      "the step's pid",
    );
    processes.track(shell);

    runner.child.kill("SIGTERM");
    await runner.waitForOutput(/claiming no more runs/);
    runner.child.kill("SIGTERM");
    await runner.waitForOutput(/stopping the current steps/);
    runner.child.kill("SIGTERM");
    expect(await runner.exited).toBe(1);
    expect(runner.stderr()).toContain("exiting without reporting");
    await waitFor(() => !isProcessAlive(shell), 2_000, "the step's shell gone");
  });

  it("executes the command lines the run was queued with, though its commands are edited and deleted meanwhile", async () => {
    const { client, organizationId: orgId } = flowdeck.owner;
    const release = path.join(configDir, "release-snapshot");
    const tasksUrl = (taskId: string) => `/api/orgs/${orgId}/tasks/${taskId}`;
    const first = await createTask(client, orgId, {
      name: "Wait",
      commands: { linux: `${waitForFileLine(release)} && echo released` },
    });
    const second = await createTask(client, orgId, { name: "Edited", commands: { linux: "echo second as queued" } });
    const third = await createTask(client, orgId, { name: "Deleted", commands: { linux: "echo third as queued" } });
    const workflow = await createWorkflow(client, orgId, [first.id, second.id, third.id], { name: "Snapshot" });
    const execute = await client.post<{ id: string }>(`/api/orgs/${orgId}/workflows/${workflow.id}/execute`, {
      platform: "linux",
    });
    expect(execute.status).toBe(201);
    const runId = execute.body.id;

    // Edited while the run waits for a runner, and again while its first step runs.
    expect((await client.patch(tasksUrl(second.id), { commands: { linux: "echo edited while queued" } })).status).toBe(
      200,
    );
    const runner = start("--once");
    const shell = await waitFor(
      async () => Number(/shell=(\d+)/.exec(textOf(await logs(runId), 0, "stdout"))?.[1]),
      20_000,
      "the first step to run",
    );
    processes.track(shell);
    const edited = await client.patch(tasksUrl(second.id), { commands: { linux: "echo edited while running" } });
    expect(edited.status).toBe(200);
    // Deleting a command a workflow uses goes through and leaves its step (decision 007).
    const deleted = await client.delete<{ detachedFrom: { id: string }[] }>(tasksUrl(third.id));
    expect(deleted.status).toBe(200);
    expect(deleted.body.detachedFrom.map((detached) => detached.id)).toEqual([workflow.id]);
    expect((await client.get(tasksUrl(third.id))).status).toBe(404);

    await writeFile(release, "");
    expect(await runner.exited).toBe(0);
    const result = await run(runId);
    expect(result.status).toBe("succeeded");
    expect(result.steps.map((step) => step.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    const output = await logs(runId);
    expect(textOf(output, 0, "stdout")).toBe(`shell=${shell}\nreleased\n`);
    expect(textOf(output, 1, "stdout")).toBe("second as queued\n");
    expect(textOf(output, 2, "stdout")).toBe("third as queued\n");
  });
});

describe("flowdeck-runner stores output whatever bytes it holds", () => {
  it("keeps a step's NUL, random bytes and UTF-16 output as U+FFFD, with every exit status and line", async () => {
    const runId = await queueRun(flowdeck, [
      { linux: "printf 'a\\000b\\n'; echo 'line after'; exit 3", continueOnError: true },
      { linux: "head -c 4096 /dev/urandom; echo; echo 'line after'; exit 5", continueOnError: true },
      // "hi" and a newline in UTF-16LE after its byte-order mark, as Windows tools write it.
      "printf '\\377\\376h\\000i\\000\\n\\000'; echo 'line after'",
      "echo done",
    ]);
    const runner = start("--once");
    expect(await runner.exited).toBe(0);
    expect(runner.stdout() + runner.stderr()).not.toContain("abandoned");

    const result = await run(runId);
    expect(result.steps.map((step) => [step.status, step.exitCode])).toEqual([
      ["failed", 3],
      ["failed", 5],
      ["succeeded", 0],
      ["succeeded", 0],
    ]);
    // Both failures were allowed to fail (continue on error).
    expect(result.status).toBe("succeeded");
    const output = await logs(runId);
    expect(textOf(output, 0, "stdout")).toBe("a\uFFFDb\nline after\n");
    const random = textOf(output, 1, "stdout");
    expect(random).not.toContain("\u0000");
    expect(random.endsWith("\nline after\n")).toBe(true);
    expect(random.length).toBeGreaterThan(1000);
    expect(textOf(output, 2, "stdout")).toBe("\uFFFD\uFFFDh\uFFFDi\uFFFD\n\uFFFDline after\n");
    expect(textOf(output, 3, "stdout")).toBe("done\n");
  });
});
