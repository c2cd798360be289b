import { RUN_AFTER_MESSAGES } from "@flowdeck/shared/workflows/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { addMember, createUser, registerOwner, type TestUser } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";
import { exportYaml, importYaml } from "./support.ts";

// A workflow's guardrails (approval with named approvers, freeze windows, confirm-name) and its
// "run after" go into the YAML document by address and by name, and come back the same in another
// organization: export → import → the same settings, the same bytes.

type Org = { client: TestClient; organizationId: string };
let t: TestApp;
let source: Org;
let approver: TestUser;
let exported: string;

async function newOrg(): Promise<Org> {
  const owner = await registerOwner(t.app);
  // The named approver is a member of every organization here: approvers travel by address.
  await addMember(t.app, { organizationId: owner.organizationId, userId: approver.id, role: "editor" });
  return { client: owner.client, organizationId: owner.organizationId };
}

async function workflowNamed(org: Org, name: string) {
  const response = await org.client.get<any>(`/api/orgs/${org.organizationId}/workflows?pageSize=100`);
  return response.body.items.find((item: { name: string }) => item.name === name);
}

const lineOf = (text: string, needle: string) => text.split("\n").findIndex((line) => line.includes(needle)) + 1;

beforeAll(async () => {
  t = await createTestApp();
  approver = await createUser(t.app);
  source = await newOrg();
  const { client, organizationId } = source;
  const build = await createTask(client, organizationId, { name: "Build", commands: { linux: "make" } });
  const deploy = await createTask(client, organizationId, { name: "Deploy", commands: { linux: "./deploy" } });
  const release = await createWorkflow(client, organizationId, [build.id], {
    name: "Release",
    parameters: [{ name: "env", type: "choice", choices: ["staging", "production"], default: "staging" }],
  });
  // Named so the file lists it before the workflow it runs after: the import creates that one first.
  await createWorkflow(client, organizationId, [deploy.id], {
    name: "Deploy after release",
    parameters: [
      { name: "version", type: "text" },
      { name: "env", type: "text" },
    ],
    approval: { minRole: "admin", memberIds: [approver.id], approvals: 2, expiresAfterMinutes: 120 },
    respectFreezeWindows: false,
    confirmName: true,
    runAfter: [
      {
        workflowId: release.id,
        on: "success",
        parameters: { version: "/outputs/step1/version", env: "/parameters/env" },
      },
    ],
  });
  exported = await exportYaml(client, organizationId);
});
afterAll(() => t.close());

describe("export", () => {
  it("writes the guardrails with approvers by address and run-after by name, never an id", () => {
    const document = parse(exported);
    const [deploy, release] = document.workflows;
    expect(deploy).toMatchObject({
      name: "Deploy after release",
      approval: { minRole: "admin", members: [approver.email], approvals: 2, expiresAfterMinutes: 120 },
      respectFreezeWindows: false,
      confirmName: true,
      runAfter: [
        {
          workflow: "Release",
          on: "success",
          parameters: { env: "/parameters/env", version: "/outputs/step1/version" },
        },
      ],
    });
    expect(release).toMatchObject({ approval: null, respectFreezeWindows: false, confirmName: false, runAfter: [] });
    expect(exported).not.toContain(approver.id);
    expect(exported).not.toMatch(/workflowId|memberIds/);
  });
});

describe("round trip", () => {
  it("into another organization: the same approvers, chain and settings, and the same bytes", async () => {
    const target = await newOrg();
    const preview = await importYaml(target.client, target.organizationId, exported, true);
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([]);
    const applied = await importYaml(target.client, target.organizationId, exported, false);
    expect(applied.body).toMatchObject({ applied: true, errors: [] });

    const release = await workflowNamed(target, "Release");
    const deploy = await workflowNamed(target, "Deploy after release");
    expect(deploy).toMatchObject({
      approval: { minRole: "admin", memberIds: [approver.id], approvals: 2, expiresAfterMinutes: 120 },
      respectFreezeWindows: false,
      confirmName: true,
      runAfter: [
        {
          workflowId: release.id,
          workflowName: "Release",
          on: "success",
          parameters: { version: "/outputs/step1/version", env: "/parameters/env" },
        },
      ],
    });
    expect(await exportYaml(target.client, target.organizationId)).toBe(exported);
  });

  it("importing it again changes nothing", async () => {
    const again = await importYaml(source.client, source.organizationId, exported, false);
    expect(again.body).toMatchObject({ applied: false, create: [], update: [], errors: [] });
  });

  it("a file that leaves them out (exported before they were written) keeps the organization's", async () => {
    const document = parse(exported);
    for (const workflow of document.workflows) {
      for (const field of ["approval", "respectFreezeWindows", "confirmName", "runAfter"]) delete workflow[field];
    }
    const older = await importYaml(source.client, source.organizationId, stringify(document), false);
    expect(older.body).toMatchObject({ applied: false, update: [], errors: [] });
    expect(await exportYaml(source.client, source.organizationId)).toBe(exported);
  });
});

describe("changes", () => {
  it("previews and applies a changed approval and run-after, field by field", async () => {
    const target = await newOrg();
    await importYaml(target.client, target.organizationId, exported, false);
    const document = parse(exported);
    const deploy = document.workflows[0];
    deploy.approval = { ...deploy.approval, members: [], approvals: 1 };
    deploy.runAfter[0].on = "always";
    deploy.confirmName = false;
    const changed = stringify(document, { lineWidth: 0 });
    const dry = await importYaml(target.client, target.organizationId, changed, true);
    expect(dry.body.update).toEqual([
      {
        kind: "workflow",
        key: "Deploy after release",
        changes: [
          {
            field: "approval",
            before: expect.objectContaining({ approvals: 2 }),
            after: expect.objectContaining({ approvals: 1 }),
          },
          { field: "confirmName", before: true, after: false },
          {
            field: "runAfter",
            before: [expect.objectContaining({ on: "success" })],
            after: [expect.objectContaining({ on: "always" })],
          },
        ],
      },
    ]);
    const applied = await importYaml(target.client, target.organizationId, changed, false);
    expect(applied.body).toMatchObject({ applied: true, errors: [] });
    expect(await workflowNamed(target, "Deploy after release")).toMatchObject({
      approval: { memberIds: [], approvals: 1 },
      confirmName: false,
      runAfter: [expect.objectContaining({ on: "always" })],
    });
  });
});

describe("refusals name the line, and apply nothing", () => {
  it("a workflow to run after that is in neither the file nor the organization", async () => {
    const target = await newOrg();
    const text = exported.replace("workflow: Release", "workflow: Nightly build");
    const response = await importYaml(target.client, target.organizationId, text, true);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      {
        line: lineOf(text, "workflow: Nightly build"),
        message: 'No workflow named "Nightly build" in the file or the organization',
      },
    ]);
  });

  it("an approver who is not a member of the organization", async () => {
    const target = await newOrg();
    const text = exported.replace(approver.email, "stranger@example.com");
    const response = await importYaml(target.client, target.organizationId, text, false);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      {
        line: lineOf(text, "stranger@example.com"),
        message: "No member of the organization has the address stranger@example.com",
      },
    ]);
    expect(await workflowNamed(target, "Release")).toBeUndefined();
  });

  it("a loop the file would make, named in order", async () => {
    const document = parse(exported);
    document.workflows[1].runAfter = [{ workflow: "Deploy after release", on: "failure" }];
    const text = stringify(document, { lineWidth: 0 });
    const response = await importYaml(source.client, source.organizationId, text, true);
    expect(response.status).toBe(400);
    // On the run-after of the first workflow of the loop in the file.
    expect(response.body.errors).toEqual([
      {
        line: lineOf(text, "- workflow: Release"),
        message: RUN_AFTER_MESSAGES.loop(["Release", "Deploy after release"]),
      },
    ]);
  });

  it("a misspelt field of a run-after entry or of the approval", async () => {
    const text = exported
      .replace("        on: success", "        when: success")
      .replace("approvals: 2", "approvers: 2");
    const response = await importYaml(source.client, source.organizationId, text, true);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { line: lineOf(text, "approvers: 2"), message: 'Unknown field "approvers"' },
        { line: lineOf(text, "when: success"), message: 'Unknown field "when"' },
      ]),
    );
  });
});
