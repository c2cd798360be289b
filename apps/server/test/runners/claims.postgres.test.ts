import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";
import { queueRun, registerRunner, RunnerClient } from "./runner-client.ts";

// PostgreSQL only (vitest.config.ts): two server instances on one database, claiming at once.

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "0" } });
  second = await createTestApp({ env: { RUNNER_CLAIM_HOLD_SECONDS: "0" }, database: first.database });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

/** Claims and completes runs until the queue is empty; the runs it got. */
async function drain(client: RunnerClient) {
  const got: string[] = [];
  for (;;) {
    const response = await client.claim();
    expect(response.status).toBe(200);
    const job = response.body.job;
    if (!job) return got;
    got.push(job.runId);
    expect((await client.complete(job.runId, "succeeded")).status).toBe(200);
  }
}

describe("two runners on two instances", () => {
  it("claim each of 50 queued runs exactly once", async () => {
    const org = await createOrgWithRoles(first.app);
    const editor = org.users.editor.client;
    const command = await createTask(editor, org.organizationId, { name: "true", commands: { linux: "true" } });
    const queued: string[] = [];
    for (let index = 0; index < 50; index++) {
      const workflow = await createWorkflow(editor, org.organizationId, [command.id], { name: `Job ${index}` });
      queued.push(await queueRun(editor, org.organizationId, workflow.id));
    }
    const one = await registerRunner(first.app, org.users.admin.client, org.organizationId, { name: "one" });
    const two = await registerRunner(first.app, org.users.admin.client, org.organizationId, { name: "two" });
    const [a, b] = await Promise.all([drain(one.client), drain(new RunnerClient(second.app, two.client.secret))]);
    expect([...a, ...b].sort()).toEqual([...queued].sort());
    expect(new Set([...a, ...b]).size).toBe(50);
    // Both took part: the runs were shared, not serialised behind one lock.
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
  });
});
