import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RunnerApi } from "../../src/api/runner-api.ts";
import { requireRunnerConfig } from "../../src/config/runner-config.ts";
import { executeRun } from "../../src/execution/execute-run.ts";
import { chooseShell } from "../../src/execution/shell.ts";
import { getRun, queueRun, registerRunner, startFlowdeck, type Flowdeck } from "../helpers/flowdeck-server.ts";
import { ProcessTracker, waitFor } from "../helpers/processes.ts";
import { startRunner } from "../helpers/runner-cli.ts";

/**
 * The last step's report travels with the run's completion when the server's job says it takes it
 * (decision 086), and in a call of its own when it does not (a server older than the runner): the
 * run is recorded the same either way. The server's request counter says which calls were made.
 * The in-process run goes first: no runner program is running yet to take its run.
 */
const processes = new ProcessTracker();
let flowdeck: Flowdeck;
const configDirs: string[] = [];

beforeAll(async () => {
  flowdeck = await startFlowdeck();
});
afterAll(async () => {
  processes.killAll();
  await flowdeck.close();
  await Promise.all(configDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function registered(name: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-complete-"));
  configDirs.push(dir);
  expect((await registerRunner(flowdeck, dir, name)).code).toBe(0);
  return dir;
}

/** How many step reports the server has answered with 200. */
async function stepReports() {
  const text = await (await fetch(`${flowdeck.url}/metrics`)).text();
  return text
    .split("\n")
    .filter(
      (line) =>
        line.startsWith("flowdeck_http_requests_total{") &&
        line.includes('route="/api/runner/v1/runs/:runId/steps/:position"') &&
        line.includes('status="200"'),
    )
    .reduce((total, line) => total + Number(line.split(" ").at(-1)), 0);
}

const owner = () => flowdeck.owner;

describe("the last step's report", () => {
  it("goes in a call of its own to a server whose job does not say it takes it", async () => {
    const dir = await registered("two-call-box");
    const config = await requireRunnerConfig(dir);
    const api = new RunnerApi(config.url, config.secret);
    const runId = await queueRun(flowdeck, ["echo first", "echo second"]);
    const { job } = await api.claim();
    expect(job).toMatchObject({ runId, completeTakesStep: true });
    const before = await stepReports();
    const result = await executeRun({
      job: { ...job!, completeTakesStep: false },
      api,
      shell: chooseShell(),
      say: () => {},
      onFatal: (error) => {
        throw error;
      },
    });
    expect(result).toBe("succeeded");
    expect((await stepReports()) - before).toBe(4);
    const run = await getRun(owner().client, owner().organizationId, runId);
    expect(run.status).toBe("succeeded");
    expect(run.steps.map((step) => step.status)).toEqual(["succeeded", "succeeded"]);
  });

  it("comes with the completion from the runner program: one step call fewer, the same record", async () => {
    const dir = await registered("one-call-box");
    const before = await stepReports();
    const runner = startRunner(["start", "--config", dir]);
    processes.track(runner.pid);
    const runId = await queueRun(flowdeck, ["echo first", 'echo "VERSION=2.0" >> "$FLOWDECK_OUTPUT"; exit 0']);
    await waitFor(
      async () => (await getRun(owner().client, owner().organizationId, runId)).status === "succeeded",
      30_000,
      "the run to succeed",
    );
    // Started, finished, started: the second step's end came with the completion.
    expect((await stepReports()) - before).toBe(3);
    const run = await getRun(owner().client, owner().organizationId, runId);
    expect(run.steps.map((step) => [step.status, step.exitCode])).toEqual([
      ["succeeded", 0],
      ["succeeded", 0],
    ]);
    expect(run.outputs).toEqual({ step2: { VERSION: "2.0" } });
  });
});
