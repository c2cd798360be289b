import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { DISTINCT_VALUES, leaksOf } from "../secrets/leak-checks.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";
import { auditRows, exportYaml, importYaml } from "./support.ts";

// Export → import into a new organization → export again gives the same bytes; an import names
// the line of what is wrong and applies nothing then; importing twice changes nothing.

type Org = { client: TestClient; organizationId: string };
let t: TestApp;
let source: Org;
let exported: string;

async function newOrg(secrets: string[] = ["DB_PASSWORD"]): Promise<Org> {
  const owner = await registerOwner(t.app);
  for (const name of secrets) {
    const value = name === "DB_PASSWORD" ? DISTINCT_VALUES.DB_PASSWORD : DISTINCT_VALUES.API_KEY;
    await owner.client.put(`/api/orgs/${owner.organizationId}/secrets/${name}`, { value });
  }
  return { client: owner.client, organizationId: owner.organizationId };
}

beforeAll(async () => {
  t = await createTestApp();
  source = await newOrg(["DB_PASSWORD", "API_KEY"]);
  const { client, organizationId } = source;
  const backup = await createTask(client, organizationId, {
    name: "Back up",
    description: "Dump the database",
    tags: ["db", "nightly"],
    commands: { linux: "pg_dump app > /tmp/app.sql\necho done", mac: "", windows: "" },
  });
  const restart = await createTask(client, organizationId, {
    name: "Restart",
    commands: { linux: "systemctl restart app", mac: "", windows: "" },
  });
  await createWorkflow(client, organizationId, [backup.id, restart.id], {
    name: "Nightly",
    schedule: { type: "cron", isEnabled: true, expression: "0 3 * * *" },
    runnerLabels: ["linux", "db"],
    secrets: ["DB_PASSWORD", "API_KEY"],
    timeoutSeconds: 600,
    concurrencyPolicy: "queue",
    stepOptions: [
      { taskId: backup.id, retry: { attempts: 2, delaySeconds: 5, backoff: "doubling", onExitCodes: [75] } },
      {
        taskId: restart.id,
        continueOnError: true,
        timeoutSeconds: 30,
        runIf: { parameter: "target", equals: "production" },
      },
    ],
    parameters: [
      { name: "target", type: "choice", choices: ["staging", "production"], default: "staging", required: true },
      { name: "dry_run", type: "boolean", label: "Dry run" },
    ],
    scheduleParameters: { target: "production" },
  });
  await createWorkflow(client, organizationId, [restart.id], { name: "Ad hoc restart", status: "draft" });
  const rule = await client.post(`/api/orgs/${organizationId}/notifications/rules`, {
    name: "Failures",
    events: ["run.failed"],
    emailRoles: ["admin", "owner"],
    webhookUrl: "https://hooks.example.com/flowdeck",
  });
  expect(rule.status).toBe(201);
  exported = await exportYaml(client, organizationId);
});
afterAll(() => t.close());

describe("export", () => {
  it("is YAML with every kind, sorted by name, with no id, timestamp or secret value", async () => {
    const response = await source.client.get(`/api/orgs/${source.organizationId}/export`);
    expect(response.headers["content-type"]).toMatch(/^text\/yaml/);
    expect(exported).toContain("version: 1");
    expect(exported.indexOf("name: Ad hoc restart")).toBeLessThan(exported.indexOf("name: Nightly"));
    expect(exported).toContain("command: Restart");
    // Retries and "Run this step" (decision 072) are written where set, and round-trip below.
    expect(exported).toMatch(
      /retry:\n\s+attempts: 2\n\s+delaySeconds: 5\n\s+backoff: doubling\n\s+onExitCodes:\n\s+- 75/,
    );
    expect(exported).toMatch(/runIf:\n\s+equals: production\n\s+parameter: target/);
    expect(exported).toContain("- DB_PASSWORD");
    expect(exported).toContain("webhookUrl: https://hooks.example.com/flowdeck");
    expect(exported).not.toContain(source.organizationId);
    expect(exported).not.toMatch(/createdAt|updatedAt|whsec_|\bid:/);
    for (const value of [DISTINCT_VALUES.DB_PASSWORD, DISTINCT_VALUES.API_KEY]) {
      expect(leaksOf(exported, value)).toEqual([]);
    }
  });
});

describe("round trip", () => {
  it("export → import into a new organization → export is byte for byte the same", async () => {
    const target = await newOrg(["DB_PASSWORD", "API_KEY"]);
    const preview = await importYaml(target.client, target.organizationId, exported, true);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ dryRun: true, applied: false, update: [], unchanged: [], errors: [] });
    expect(preview.body.create.map((item: { kind: string; key: string }) => `${item.kind}:${item.key}`)).toEqual([
      "task:Back up",
      "task:Restart",
      "workflow:Ad hoc restart",
      "workflow:Nightly",
      "notification-rule:Failures",
    ]);
    const applied = await importYaml(target.client, target.organizationId, exported, false);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, errors: [] });
    expect(await exportYaml(target.client, target.organizationId)).toBe(exported);
  });

  it("importing the same file twice changes nothing: all unchanged, no new audit row", async () => {
    const before = await auditRows(t.app, source.organizationId);
    const again = await importYaml(source.client, source.organizationId, exported, false);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ applied: false, create: [], update: [], errors: [] });
    expect(again.body.unchanged).toHaveLength(5);
    expect(await auditRows(t.app, source.organizationId)).toBe(before);
    expect(await exportYaml(source.client, source.organizationId)).toBe(exported);
  });
});

describe("changes", () => {
  it("previews a changed workflow field by field; a dry run writes nothing; applying does", async () => {
    const target = await newOrg(["DB_PASSWORD", "API_KEY"]);
    await importYaml(target.client, target.organizationId, exported, false);
    const changed = exported.replace("0 3 * * *", "30 4 * * *").replace("timeoutSeconds: 600", "timeoutSeconds: 900");
    expect(changed).not.toBe(exported);
    const rows = await auditRows(t.app, target.organizationId);
    const dry = await importYaml(target.client, target.organizationId, changed, true);
    expect(dry.status).toBe(200);
    expect(dry.body.create).toEqual([]);
    expect(dry.body.update).toEqual([
      {
        kind: "workflow",
        key: "Nightly",
        changes: [
          { field: "timeoutSeconds", before: 600, after: 900 },
          {
            field: "schedule",
            before: expect.objectContaining({ expression: "0 3 * * *" }),
            after: expect.objectContaining({ expression: "30 4 * * *" }),
          },
        ],
      },
    ]);
    expect(await auditRows(t.app, target.organizationId)).toBe(rows);
    expect(await exportYaml(target.client, target.organizationId)).toBe(exported);

    const applied = await importYaml(target.client, target.organizationId, changed, false);
    expect(applied.body).toMatchObject({ applied: true });
    expect(await exportYaml(target.client, target.organizationId)).toBe(changed);
    // The workflow's own change row and the import's row.
    expect(await auditRows(t.app, target.organizationId)).toBe(rows + 2);
  });
});

describe("refusals name the line, and apply nothing", () => {
  const lineOf = (text: string, needle: string) => text.split("\n").findIndex((line) => line.includes(needle)) + 1;

  it("a secret the organization does not have", async () => {
    const target = await newOrg(["DB_PASSWORD"]);
    const response = await importYaml(target.client, target.organizationId, exported, false);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid-argument");
    expect(response.body.errors).toEqual([
      { line: lineOf(exported, "- API_KEY"), message: expect.stringContaining("no secret named API_KEY") },
    ]);
    const empty = await exportYaml(target.client, target.organizationId);
    expect(empty).toContain("commands: []");
  });

  it("a step naming a command neither in the file nor in the organization", async () => {
    const target = await newOrg(["DB_PASSWORD", "API_KEY"]);
    const text = exported.replace("command: Restart", "command: Reboot");
    const response = await importYaml(target.client, target.organizationId, text, true);
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({
      line: lineOf(text, "command: Reboot"),
      message: 'No command named "Reboot" in the file or the organization',
    });
  });

  it("a YAML syntax error", async () => {
    const text = "version: 1\ncommands:\n  - name: A\n    tags: [unclosed\n";
    const response = await importYaml(source.client, source.organizationId, text, true);
    expect(response.status).toBe(400);
    expect(response.body.errors.length).toBeGreaterThan(0);
    expect(response.body.errors[0].line).toBeGreaterThanOrEqual(4);
  });

  it("a value the API's schema refuses, and an unknown field", async () => {
    const text = [
      "version: 1",
      "commands:",
      "  - name: Ping",
      "    category: nonsense",
      "    commands:",
      "      linux: ping -c 1 example.com",
      "    colour: blue",
    ].join("\n");
    const response = await importYaml(source.client, source.organizationId, text, false);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { line: 4, message: "category: Please choose a category" },
      { line: 7, message: 'Unknown field "colour"' },
    ]);
  });

  it("a refusal met while applying rolls back everything before it", async () => {
    const target = await newOrg([]);
    const text = [
      "version: 1",
      "commands:",
      "  - name: Old",
      "    status: inactive",
      "    commands:",
      "      linux: echo old",
      "workflows:",
      "  - name: Uses old",
      "    steps:",
      "      - command: Old",
    ].join("\n");
    const response = await importYaml(target.client, target.organizationId, text, false);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ line: 10, message: expect.any(String) }]);
    expect(await exportYaml(target.client, target.organizationId)).toContain("commands: []");
  });

  it("an export refuses two commands of one name, naming it", async () => {
    const target = await newOrg([]);
    await createTask(target.client, target.organizationId, { name: "Twin" });
    await createTask(target.client, target.organizationId, { name: "Twin" });
    const response = await target.client.get(`/api/orgs/${target.organizationId}/export`);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('"Twin"');
  });
});
