import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "../../../server/test/api-tokens/token-factory.ts";
import { registerOwner } from "../../../server/test/helpers/factories.ts";
import { createTask } from "../../../server/test/tasks/task-factory.ts";
import { createWorkflow } from "../../../server/test/workflows/workflow-factory.ts";
import { runFlowdeckCli } from "../helpers/flowdeck-cli.ts";
import { startFlowdeck, type Flowdeck } from "../helpers/flowdeck-server.ts";

/**
 * `flowdeck export > flowdeck.yaml` and `flowdeck import flowdeck.yaml [--dry-run]` as separate
 * processes against the real server, with admin API tokens of two organizations.
 */
let flowdeck: Flowdeck;
let scratch: string;
let source: Record<string, string>;
let target: Record<string, string>;

beforeAll(async () => {
  flowdeck = await startFlowdeck();
  scratch = await mkdtemp(path.join(os.tmpdir(), "flowdeck-cli-yaml-"));
  const { client, organizationId } = flowdeck.owner;
  const task = await createTask(client, organizationId, { name: "Deploy", commands: { linux: "./deploy.sh" } });
  await createWorkflow(client, organizationId, [task.id], { name: "Release" });
  const sourceToken = await createApiToken(client, organizationId, { name: "Git", role: "admin" });
  source = { FLOWDECK_URL: flowdeck.url, FLOWDECK_TOKEN: sourceToken.token };
  const other = await registerOwner(flowdeck.testApp.app);
  const targetToken = await createApiToken(other.client, other.organizationId, { name: "Git", role: "admin" });
  target = { FLOWDECK_URL: flowdeck.url, FLOWDECK_TOKEN: targetToken.token };
});
afterAll(async () => {
  await flowdeck.close();
  await rm(scratch, { recursive: true, force: true });
});

describe("flowdeck export and import", () => {
  it("exports to stdout; a dry run prints the plan and writes nothing; the import applies it", async () => {
    const exported = await runFlowdeckCli(["export"], source);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain("name: Release");
    const file = path.join(scratch, "flowdeck.yaml");
    await writeFile(file, exported.stdout);

    const dry = await runFlowdeckCli(["import", file, "--dry-run"], target);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('+ create command "Deploy"');
    expect(dry.stdout).toContain('+ create workflow "Release"');
    expect(dry.stdout).toContain("Nothing was written.");
    expect((await runFlowdeckCli(["export"], target)).stdout).toContain("commands: []");

    const applied = await runFlowdeckCli(["import", file], target);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain("Imported: 2 to create, 0 to change, 0 unchanged.");
    expect((await runFlowdeckCli(["export"], target)).stdout).toBe(exported.stdout);

    const again = await runFlowdeckCli(["import", file], target);
    expect(again.stdout).toContain("Nothing to change: 2 unchanged.");
  });

  it("prints each error with the file's line and exits 2, importing nothing", async () => {
    const file = path.join(scratch, "broken.yaml");
    await writeFile(file, "version: 1\nworkflows:\n  - name: Broken\n    steps:\n      - command: Missing\n");
    const result = await runFlowdeckCli(["import", file], target);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:5: No command named "Missing" in the file or the organization`);
    expect(result.stderr).toContain("Nothing was imported");
  });

  it("an editor token is refused with exit 7", async () => {
    const { client, organizationId } = flowdeck.owner;
    const editor = await createApiToken(client, organizationId, { name: "Editor", role: "editor" });
    const result = await runFlowdeckCli(["export"], { FLOWDECK_URL: flowdeck.url, FLOWDECK_TOKEN: editor.token });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain("admin");
  });
});
