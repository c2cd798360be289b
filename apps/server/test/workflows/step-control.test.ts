import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, queueRun, registerRunner } from "../runners/runner-client.ts";

/**
 * A workflow's retry policy and "Run this step" per step (decision 072): validated with the field,
 * kept, snapshotted into the run and handed to the runner; step outputs masked and capped again on
 * the server whatever the runner sent.
 */
let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "1" } });
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

const editor = () => org.users.editor.client;
const admin = () => org.users.admin.client;
const workflowUrl = (id: string) => `/api/orgs/${org.organizationId}/workflows/${id}`;

describe("a workflow's step retries and conditions", () => {
  it("round-trips retry and runIf, with defaults for what is left out", async () => {
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["false", "echo a", "echo b"]);
    const [first, second, third] = workflow.steps.map((step) => step.taskId);
    const saved = await editor().patch(workflowUrl(workflow.id), {
      parameters: [{ name: "env", type: "text" }],
      stepOptions: [
        { taskId: first, retry: { attempts: 2, delaySeconds: 1, backoff: "doubling", onExitCodes: [75, 2] } },
        { taskId: second, runIf: "always" },
        { taskId: third, runIf: { parameter: "env", equals: "prod" } },
      ],
    });
    expect(saved.status).toBe(200);
    const read = await editor().get(workflowUrl(workflow.id));
    expect(read.body.steps.map((step: { retry: unknown; runIf: unknown }) => [step.retry, step.runIf])).toEqual([
      [{ attempts: 2, delaySeconds: 1, backoff: "doubling", onExitCodes: [75, 2] }, "success"],
      [null, "always"],
      [null, { parameter: "env", equals: "prod" }],
    ]);
    const minimal = await editor().patch(workflowUrl(workflow.id), {
      stepOptions: [{ taskId: first, retry: { attempts: 1 } }],
    });
    expect(minimal.body.steps[0].retry).toEqual({ attempts: 1, delaySeconds: 0, backoff: "fixed", onExitCodes: [] });
    expect(minimal.body.steps[1].runIf).toBe("success");
  });

  it.each([
    [{ retry: { attempts: 11 } }, "stepOptions.0.retry.attempts", "Retry attempts must be a whole number from 0 to 10"],
    [{ retry: { attempts: 1, delaySeconds: 3601 } }, "stepOptions.0.retry.delaySeconds", "from 0 to 3600"],
    [{ retry: { attempts: 1, backoff: "linear" } }, "stepOptions.0.retry.backoff", "Backoff must be fixed or doubling"],
    [{ retry: { attempts: 1, onExitCodes: [0] } }, "stepOptions.0.retry.onExitCodes.0", "Exit codes to retry on"],
    [{ runIf: "sometimes" }, "stepOptions.0.runIf", 'When a step runs is "success"'],
    [{ runIf: { parameter: "", equals: "prod" } }, "stepOptions.0.runIf", "Name the parameter"],
  ])("refuses %j with the field", async (option, field, message) => {
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo a"]);
    const response = await editor().patch(workflowUrl(workflow.id), {
      stepOptions: [{ taskId: workflow.steps[0]!.taskId, ...option }],
    });
    expect(response.status).toBe(400);
    const fields = response.body.error.fields as Record<string, string>;
    const key = Object.keys(fields).find((name) => name.startsWith(field));
    expect(key, JSON.stringify(fields)).toBeDefined();
    expect(fields[key!]).toContain(message);
  });

  it("refuses a step that runs on a parameter the workflow does not declare, and dropping one a step runs on", async () => {
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo a", "echo b"]);
    const [first, second] = workflow.steps.map((step) => step.taskId);
    const unknown = await editor().patch(workflowUrl(workflow.id), {
      stepOptions: [{ taskId: second, runIf: { parameter: "env", equals: "prod" } }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ "stepOptions.0.runIf": "The workflow has no parameter named env" });

    const declared = await editor().patch(workflowUrl(workflow.id), {
      parameters: [{ name: "env", type: "text" }],
      stepOptions: [{ taskId: second, runIf: { parameter: "env", equals: "prod" } }],
    });
    expect(declared.status).toBe(200);
    const dropped = await editor().patch(workflowUrl(workflow.id), { parameters: [] });
    expect(dropped.status).toBe(400);
    expect(dropped.body.error.fields.parameters).toBe(
      "A step runs only on the value of env: change that step before removing the parameter",
    );
    // Dropping the step with the parameter is a change that fits.
    const both = await editor().patch(workflowUrl(workflow.id), { parameters: [], taskIds: [first] });
    expect(both.status).toBe(200);
    expect((await editor().get(workflowUrl(workflow.id))).body.parameters).toEqual([]);
  });

  it("snapshots them into the run and hands them to the runner in the claim", async () => {
    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["false", "echo cleanup"]);
    await editor().patch(workflowUrl(workflow.id), {
      stepOptions: [
        { taskId: workflow.steps[0]!.taskId, retry: { attempts: 3, delaySeconds: 2 } },
        { taskId: workflow.steps[1]!.taskId, runIf: "always" },
      ],
    });
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    // A later edit does not change the queued run.
    await editor().patch(workflowUrl(workflow.id), { stepOptions: [] });
    const job = (await client.claim()).body.job;
    expect(job.runId).toBe(runId);
    expect(job.steps.map((step: { retry: unknown; runIf: unknown }) => [step.retry, step.runIf])).toEqual([
      [{ attempts: 3, delaySeconds: 2, backoff: "fixed", onExitCodes: [] }, "success"],
      [null, "always"],
    ]);
    await client.complete(runId, "succeeded");
  });
});

describe("step outputs the server keeps", () => {
  it("masks a secret again, caps the run's outputs at 64 KB and answers them by step key", async () => {
    const secret = "srv-side-secret-8c1f2e";
    expect((await admin().put(`/api/orgs/${org.organizationId}/secrets/DEPLOY_KEY`, { value: secret })).status).toBe(
      201,
    );
    const { client } = await registerRunner(t.app, admin(), org.organizationId);
    const workflow = await createLinuxWorkflow(editor(), org.organizationId, ["echo a", "echo b", "echo c"]);
    await editor().patch(workflowUrl(workflow.id), { secrets: ["DEPLOY_KEY"] });
    const runId = await queueRun(editor(), org.organizationId, workflow.id);
    expect((await client.claim()).body.job.runId).toBe(runId);
    const finish = (position: number, outputs: Record<string, string>) =>
      client.step(runId, position, {
        state: "finished",
        outcome: "succeeded",
        exitCode: 0,
        signal: null,
        attempts: [{ exitCode: 0, startedAt: new Date().toISOString(), endedAt: new Date().toISOString() }],
        outputs,
      });
    // An older or careless runner sends the secret unmasked: the server masks it before storing.
    expect((await finish(0, { url: `https://deploy:${secret}@example.com`, big: "x".repeat(60_000) })).status).toBe(
      200,
    );
    expect((await finish(1, { more: "y".repeat(10_000), after: "z" })).status).toBe(200);
    await client.complete(runId, "succeeded");
    const run = await editor().get(`/api/orgs/${org.organizationId}/runs/${runId}`);
    expect(run.body.outputs).toEqual({ step1: { url: "https://deploy:***@example.com", big: "x".repeat(60_000) } });
    expect(run.body.outputsTruncated).toBe(true);
    expect(run.body.steps[0].attempts).toHaveLength(1);
    expect(JSON.stringify(run.body)).not.toContain(secret);
    const detail = await editor().get(workflowUrl(workflow.id));
    expect(JSON.stringify(detail.body)).not.toContain(secret);
  });
});
