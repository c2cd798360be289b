import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTask } from "../../../server/test/tasks/task-factory.ts";
import { createWorkflow } from "../../../server/test/workflows/workflow-factory.ts";
import { getLogs, getRun, registerRunner, startFlowdeck, textOf, type Flowdeck } from "../helpers/flowdeck-server.ts";
import { ProcessTracker } from "../helpers/processes.ts";
import { startRunner } from "../helpers/runner-cli.ts";

const processes = new ProcessTracker();
let flowdeck: Flowdeck;
let configDir: string;
let scratch: string;

beforeAll(async () => {
  flowdeck = await startFlowdeck();
  configDir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-params-"));
  scratch = await mkdtemp(path.join(os.tmpdir(), "flowdeck-params-scratch-"));
  const registered = await registerRunner(flowdeck, configDir);
  expect(registered.code).toBe(0);
});
afterEach(() => processes.killAll());
afterAll(async () => {
  await flowdeck.close();
  await rm(configDir, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe("a run's parameters on the real runner program", () => {
  it("reach each step unchanged as data in FLOWDECK_PARAM_<NAME>, and run nothing", async () => {
    const { client, organizationId: orgId } = flowdeck.owner;
    const marker = path.join(scratch, "touched");
    const guard = await mkdtemp(path.join(scratch, "guard-"));
    const value = `$(touch ${marker}); rm -rf ${guard} \`touch ${marker}\` 'quoted' "double" && exit 3`;
    const quoted = await createTask(client, orgId, {
      name: "Print quoted",
      commands: { linux: `printf 'target=[%s]\\n' "$FLOWDECK_PARAM_TARGET"` },
    });
    // Even unquoted, an expansion's result is never read as a command again.
    const unquoted = await createTask(client, orgId, {
      name: "Print unquoted",
      commands: { linux: "echo unquoted: $FLOWDECK_PARAM_TARGET; printf 'count=%s\\n' \"$FLOWDECK_PARAM_COUNT\"" },
    });
    const workflow = await createWorkflow(client, orgId, [quoted.id, unquoted.id], {
      parameters: [
        { name: "target", label: "Target", type: "text", required: true },
        { name: "count", label: "Count", type: "number", default: 2 },
      ],
    });
    const response = await client.post<{ id: string }>(`/api/orgs/${orgId}/workflows/${workflow.id}/execute`, {
      platform: "linux",
      parameters: { target: value },
    });
    expect(response.status).toBe(201);

    const runner = startRunner(["start", "--config", configDir, "--once"]);
    processes.track(runner.pid);
    expect(await runner.exited).toBe(0);

    const run = await getRun(client, orgId, response.body.id);
    expect(run.status).toBe("succeeded");
    const logs = await getLogs(client, orgId, response.body.id);
    expect(textOf(logs, 0, "stdout")).toBe(`target=[${value}]\n`);
    expect(textOf(logs, 1, "stdout")).toBe(`unquoted: ${value}\ncount=2\n`);
    expect(await exists(marker)).toBe(false);
    expect(await exists(guard)).toBe(true);
  });
});
