import { IMPORT_EXPORT_MESSAGES } from "@flowdeck/shared/import-export/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { registerOwner } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { registerRunner } from "../runners/runner-client.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";
import { exportYaml, importYaml } from "./support.ts";

// A workflow's target (decision 080) goes into the YAML document with a chosen runner by its name,
// and comes back the same in another organization that has a runner of that name.

type Org = { client: TestClient; organizationId: string };
let t: TestApp;
let source: Org;
let exported: string;

async function newOrg(runnerName?: string): Promise<Org> {
  const owner = await registerOwner(t.app);
  if (runnerName)
    await registerRunner(t.app, owner.client, owner.organizationId, { name: runnerName, labels: ["web"] });
  return { client: owner.client, organizationId: owner.organizationId };
}

beforeAll(async () => {
  t = await createTestApp();
  source = await newOrg("db-primary");
  const { client, organizationId } = source;
  const runners = await client.get<{ items: { id: string }[] }>(`/api/orgs/${organizationId}/runners`);
  const task = await createTask(client, organizationId, { name: "Uptime", commands: { linux: "uptime" } });
  await createWorkflow(client, organizationId, [task.id], {
    name: "Fleet uptime",
    runnerLabels: ["web"],
    target: { mode: "all", batchSize: "50%", keepGoing: true, successThreshold: 80, offlineWaitMinutes: 5 },
  });
  await createWorkflow(client, organizationId, [task.id], {
    name: "Pinned uptime",
    target: { mode: "runner", runnerId: runners.body.items[0]!.id },
  });
  exported = await exportYaml(client, organizationId);
});
afterAll(() => t.close());

describe("a workflow's target in the YAML document", () => {
  it("is written with a chosen runner by name, never an id", () => {
    const [fleet, pinned] = parse(exported).workflows;
    expect(fleet.target).toEqual({
      mode: "all",
      runner: null,
      batchSize: "50%",
      keepGoing: true,
      successThreshold: 80,
      offlineWaitMinutes: 5,
    });
    expect(pinned.target).toMatchObject({ mode: "runner", runner: "db-primary" });
  });

  it("comes back the same in an organization with a runner of that name, and a second import changes nothing", async () => {
    const target = await newOrg("db-primary");
    const applied = await importYaml(target.client, target.organizationId, exported, false);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.errors).toEqual([]);
    expect(await exportYaml(target.client, target.organizationId)).toBe(exported);
    const again = await importYaml(target.client, target.organizationId, exported, false);
    expect(again.body.create).toEqual([]);
    expect(again.body.update).toEqual([]);
  });

  it("is refused, naming the line, where no runner has that name", async () => {
    const target = await newOrg();
    const refused = await importYaml(target.client, target.organizationId, exported, true);
    const line = exported.split("\n").findIndex((text) => text.includes("runner: db-primary")) + 1;
    expect(refused.body.errors).toContainEqual(
      expect.objectContaining({ line, message: IMPORT_EXPORT_MESSAGES.missingRunner("db-primary") }),
    );
  });
});
