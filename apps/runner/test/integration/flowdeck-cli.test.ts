import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "../../../server/test/api-tokens/token-factory.ts";
import { createTask } from "../../../server/test/tasks/task-factory.ts";
import { createWorkflow } from "../../../server/test/workflows/workflow-factory.ts";
import { runFlowdeckCli, startFlowdeckCli } from "../helpers/flowdeck-cli.ts";
import { getRun, registerRunner, startFlowdeck, type Flowdeck } from "../helpers/flowdeck-server.ts";
import { ProcessTracker, waitForFileLine } from "../helpers/processes.ts";
import { startRunner } from "../helpers/runner-cli.ts";

/**
 * The `flowdeck` command as a CI job runs it: a separate process with an API token, against the
 * real server, with the real runner program executing the runs.
 */
const SECRET = "s3cr3t-Val+ue/42";

const processes = new ProcessTracker();
let flowdeck: Flowdeck;
let configDir: string;
let scratch: string;
let env: Record<string, string>;

beforeAll(async () => {
  flowdeck = await startFlowdeck();
  configDir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-cli-runner-"));
  scratch = await mkdtemp(path.join(os.tmpdir(), "flowdeck-cli-scratch-"));
  expect((await registerRunner(flowdeck, configDir)).code).toBe(0);
  const { client, organizationId } = flowdeck.owner;
  const token = await createApiToken(client, organizationId, { name: "CI", role: "editor" });
  env = { FLOWDECK_URL: flowdeck.url, FLOWDECK_TOKEN: token.token };
  expect((await client.put(`/api/orgs/${organizationId}/secrets/DEPLOY_KEY`, { value: SECRET })).status).toBe(201);
});
afterEach(() => processes.killAll());
afterAll(async () => {
  await flowdeck.close();
  await rm(configDir, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

let workflowCount = 0;

/** A workflow whose steps run `lines` on Linux, one step each, named "Step 1", "Step 2", …. */
async function workflowOf(lines: string[], overrides: Record<string, unknown> = {}) {
  const { client, organizationId } = flowdeck.owner;
  const tasks = [];
  for (const [index, line] of lines.entries()) {
    tasks.push(await createTask(client, organizationId, { name: `Step ${index + 1}`, commands: { linux: line } }));
  }
  return createWorkflow(
    client,
    organizationId,
    tasks.map((task) => task.id),
    { name: `Workflow ${++workflowCount}`, ...overrides },
  );
}

async function historyOf(workflowId: string) {
  const { client, organizationId } = flowdeck.owner;
  const response = await client.get<{ items: { id: string; status: string }[] }>(
    `/api/orgs/${organizationId}/workflows/${workflowId}/history`,
  );
  return response.body.items;
}

function runOnce() {
  const runner = startRunner(["start", "--config", configDir, "--once"]);
  processes.track(runner.pid);
  return runner;
}

const PARAMETERS = [
  { name: "target", label: "Target", type: "text", required: true },
  { name: "count", label: "Count", type: "number", integer: true, max: 9 },
  { name: "dry_run", label: "Dry run", type: "boolean" },
  { name: "regions", label: "Regions", type: "multichoice", choices: ["eu", "us", "ap"] },
];

describe("flowdeck run", () => {
  it("queues a run by name and by id with typed parameters, prints its id and address, and cancels it", async () => {
    const workflow = await workflowOf(["echo hi"], { name: "Deploy web", parameters: PARAMETERS });
    const byName = await runFlowdeckCli(
      [
        "run",
        "Deploy web",
        "--param",
        "target=web-2",
        "--param",
        "count=3",
        "-p",
        "dry_run=true",
        "-p",
        "regions=eu,ap",
      ],
      env,
    );
    expect(byName.stderr).toBe("");
    expect(byName.code).toBe(0);
    const [, runId] = /^Queued run (\S+) of "Deploy web": (\S+)$/m.exec(byName.stdout) ?? [];
    expect(byName.stdout).toContain(`${flowdeck.url}/workflows/runs/${runId}`);
    const { client, organizationId } = flowdeck.owner;
    const run = await client.get<{ status: string; parameters: Record<string, unknown> }>(
      `/api/orgs/${organizationId}/runs/${runId}`,
    );
    expect(run.body.status).toBe("queued");
    expect(run.body.parameters).toEqual({ target: "web-2", count: 3, dry_run: true, regions: ["eu", "ap"] });

    const cancelled = await runFlowdeckCli(["cancel", runId!], env);
    expect(cancelled).toMatchObject({ code: 0, stdout: `Run ${runId} is cancelled.\n` });

    const byId = await runFlowdeckCli(["run", workflow.id, "--param", "target=db-1", "--json"], env);
    expect(byId.code).toBe(0);
    const queued = JSON.parse(byId.stdout) as { id: string; parameters: Record<string, unknown> };
    expect(queued.parameters).toEqual({ target: "db-1", count: null, dry_run: false, regions: null });
    expect((await runFlowdeckCli(["cancel", queued.id], env)).code).toBe(0);
    expect((await historyOf(workflow.id)).map((item) => item.status)).toEqual(["cancelled", "cancelled"]);
  });

  it("refuses an invalid parameter with exit code 2, naming it, and queues nothing", async () => {
    const workflow = await workflowOf(["echo hi"], { parameters: PARAMETERS });
    for (const params of [
      ["target=web", "count=12"],
      ["target=web", "count=two"],
      ["count=1"],
      ["target=a", "colour=red"],
    ]) {
      const result = await runFlowdeckCli(["run", workflow.id, ...params.flatMap((param) => ["--param", param])], env);
      expect(result.code, params.join(" ")).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain("Invalid parameters, nothing was queued");
    }
    const result = await runFlowdeckCli(["run", workflow.id, "--param", "target=web", "--param", "count=12"], env);
    expect(result.stderr).toContain("count: Count must be at most 9");
    const missing = await runFlowdeckCli(["run", workflow.id], env);
    expect(missing.stderr).toContain("target: Target");
    expect(await historyOf(workflow.id)).toEqual([]);
  });

  it("names every workflow of an ambiguous name, and says when none has it", async () => {
    const first = await workflowOf(["echo 1"], { name: "Restart cache" });
    const second = await workflowOf(["echo 2"], { name: "Restart cache" });
    const ambiguous = await runFlowdeckCli(["run", "Restart cache"], env);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('2 workflows are named "Restart cache"');
    expect(ambiguous.stderr).toContain(first.id);
    expect(ambiguous.stderr).toContain(second.id);
    const unknown = await runFlowdeckCli(["run", "Restart"], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'No workflow has the id or the exact name "Restart". Did you mean: "Restart cache"',
    );
    expect(await historyOf(first.id)).toEqual([]);
  });

  it("refuses a wrong token with exit code 7 and says so", async () => {
    const result = await runFlowdeckCli(["run", "Anything"], { ...env, FLOWDECK_TOKEN: "fdt_not-a-real-token" });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(`Flowdeck at ${flowdeck.url} refused the token`);
    const unreachable = await runFlowdeckCli(["runs", "--workflow", "x"], {
      ...env,
      FLOWDECK_URL: "http://127.0.0.1:9",
    });
    expect(unreachable.code).toBe(7);
    expect(unreachable.stderr).toContain("Cannot reach Flowdeck at http://127.0.0.1:9");
  });

  it("--wait streams the output by step, masks secrets and exits 0; runs and logs show the run", async () => {
    const workflow = await workflowOf(
      ['echo "deploying $FLOWDECK_PARAM_TARGET"; echo "warming up" >&2', 'echo "key is $DEPLOY_KEY"; echo done'],
      { name: "Ship it", parameters: PARAMETERS.slice(0, 1), secrets: ["DEPLOY_KEY"] },
    );
    const cli = startFlowdeckCli(["run", "Ship it", "--param", "target=web-3", "--wait"], env);
    processes.track(cli.pid);
    runOnce();
    expect(await cli.exited).toBe(0);
    expect(cli.stdout()).toBe(
      ["==> Step 1/2: Step 1", "deploying web-3", "==> Step 2/2: Step 2", "key is ***", "done", ""].join("\n"),
    );
    expect(cli.stderr()).toContain("warming up\n");
    expect(cli.stderr()).toMatch(/Run \S+ succeeded: http/);
    expect(cli.stdout() + cli.stderr()).not.toContain(SECRET);

    const [run] = await historyOf(workflow.id);
    const listed = await runFlowdeckCli(["runs", "--workflow", "Ship it", "--status", "succeeded", "--json"], env);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).map((item: { id: string }) => item.id)).toEqual([run!.id]);
    const table = await runFlowdeckCli(["runs", "--workflow", workflow.id], env);
    expect(table.stdout).toMatch(new RegExp(`^RUN +STATUS +STARTED +TOOK +TRIGGER +BY\\n${run!.id} +succeeded `));

    const logs = await runFlowdeckCli(["logs", run!.id], env);
    expect(logs.code).toBe(0);
    expect(logs.stdout).toBe(cli.stdout());
    expect(logs.stderr).toBe("warming up\n");
  });

  it("--wait exits 1 when the run fails", async () => {
    const workflow = await workflowOf(['echo "about to fail"; exit 4', "echo never"]);
    const cli = startFlowdeckCli(["run", workflow.id, "--wait"], env);
    processes.track(cli.pid);
    runOnce();
    expect(await cli.exited).toBe(1);
    expect(cli.stdout()).toContain("==> Step 1/2: Step 1\nabout to fail\n");
    expect(cli.stdout()).not.toContain("never");
    expect(cli.stderr()).toMatch(/Run \S+ failed at step 1 "Step 1" \(exit code 4\)/);
  });

  it("--wait exits 3 when the run is cancelled from elsewhere", async () => {
    const release = path.join(scratch, "never-released");
    const workflow = await workflowOf([waitForFileLine(release)]);
    const cli = startFlowdeckCli(["run", workflow.id, "--wait"], env);
    processes.track(cli.pid);
    runOnce();
    const shell = await cli.waitForOutput(/shell=(\d+)/, 30_000);
    processes.track(Number(shell.slice("shell=".length)));
    const [run] = await historyOf(workflow.id);
    const { client, organizationId } = flowdeck.owner;
    expect((await client.post(`/api/orgs/${organizationId}/runs/${run!.id}/cancel`, {})).status).toBe(200);
    expect(await cli.exited).toBe(3);
    expect(cli.stderr()).toMatch(/Run \S+ cancelled/);
  });

  it("cancels the run on Ctrl+C without a terminal, waits for it to end and exits 3", async () => {
    const release = path.join(scratch, "not-released-either");
    const workflow = await workflowOf([waitForFileLine(release), "echo never"]);
    const cli = startFlowdeckCli(["run", workflow.id, "--wait"], env);
    processes.track(cli.pid);
    runOnce();
    const shell = await cli.waitForOutput(/shell=(\d+)/, 30_000);
    processes.track(Number(shell.slice("shell=".length)));
    process.kill(cli.pid, "SIGINT");
    expect(await cli.exited).toBe(3);
    expect(cli.stderr()).toContain("Interrupted: cancelling run");
    const [run] = await historyOf(workflow.id);
    expect((await getRun(flowdeck.owner.client, flowdeck.owner.organizationId, run!.id)).status).toBe("cancelled");
    await writeFile(release, "");
  });

  it("--wait resumes after a dropped connection without repeating or losing a line", async () => {
    // A real TCP hop between the command and Flowdeck, whose connections the test cuts.
    const sockets = new Set<Socket>();
    const target = new URL(flowdeck.url);
    const hop = createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("error", () => undefined);
        socket.on("close", () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => hop.listen(0, "127.0.0.1", resolve));
    try {
      const release = path.join(scratch, "release-after-the-cut");
      const workflow = await workflowOf([`echo before; ${waitForFileLine(release)}; echo after`]);
      const hopUrl = `http://127.0.0.1:${(hop.address() as AddressInfo).port}`;
      const cli = startFlowdeckCli(["run", workflow.id, "--wait"], { ...env, FLOWDECK_URL: hopUrl });
      processes.track(cli.pid);
      runOnce();
      const shell = await cli.waitForOutput(/shell=(\d+)/, 30_000);
      processes.track(Number(shell.slice("shell=".length)));
      for (const socket of sockets) socket.destroy();
      await cli.waitForOutput(/reconnecting/);
      await writeFile(release, "");
      expect(await cli.exited).toBe(0);
      expect(cli.stdout()).toBe(`==> Step 1/1: Step 1\nbefore\n${shell}\nafter\n`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => hop.close(resolve));
    }
  });
});

describe("flowdeck help and usage", () => {
  it("prints help for the program and each command, and exits 2 on a usage error", async () => {
    const help = await runFlowdeckCli(["--help"], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Exit codes: 0 the run succeeded, 1 it failed, 2 usage error");
    const runHelp = await runFlowdeckCli(["help", "run"], {});
    expect(runHelp.stdout).toContain("Usage: flowdeck run <workflow name or id>");
    expect((await runFlowdeckCli(["run", "x", "--bogus"], env)).code).toBe(2);
    const target = await runFlowdeckCli(["run", "x", "--target", "web"], env);
    expect(target).toMatchObject({ code: 2 });
    expect(target.stderr).toContain("--target is not supported yet");
    const noToken = await runFlowdeckCli(["runs", "--workflow", "x"], { FLOWDECK_URL: flowdeck.url });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain("Set FLOWDECK_TOKEN");
  });
});
