import { HISTORY_MESSAGES } from "@flowdeck/shared/runs/history";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflowRuns } from "../../src/db/schema/index.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, queueRun, registerRunner, type RunnerClient } from "../runners/runner-client.ts";
import { createCommands, createWorkflow } from "../workflows/workflow-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
let workflowId: string;
let runIds: string[];
const now = new Date();
const DAY = 86_400_000;
// Newest first: five runs a day apart, then two at the very same instant (the keyset's tie-break).
const RUNS = [
  { status: "failed", trigger: "schedule", days: 0 },
  { status: "succeeded", trigger: "manual", days: 1 },
  { status: "succeeded", trigger: "schedule", days: 2 },
  { status: "cancelled", trigger: "schedule", days: 3 },
  { status: "succeeded", trigger: "schedule", days: 40 },
  { status: "failed", trigger: "manual", days: 50 },
  { status: "failed", trigger: "manual", days: 50 },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  const commands = await createCommands(org.users.editor.client, org.organizationId, ["Back up"]);
  workflowId = (
    await createWorkflow(org.users.editor.client, org.organizationId, [commands[0]!.id], { name: "Nightly" })
  ).id;
  const rows = await t.app.db
    .insert(workflowRuns)
    .values(
      RUNS.map((run) => ({
        workflowId,
        organizationId: org.organizationId,
        trigger: run.trigger,
        status: run.status,
        startedAt: new Date(now.getTime() - run.days * DAY - 1000),
        finishedAt: new Date(now.getTime() - run.days * DAY),
      })),
    )
    .returning({ id: workflowRuns.id, startedAt: workflowRuns.startedAt });
  // The expected order: started_at desc, then id desc.
  runIds = rows
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((row) => row.id);
});
afterAll(() => t.close());

const historyUrl = (orgId: string, query = "") => `/api/orgs/${orgId}/workflows/${workflowId}/history${query}`;
const healthUrl = (orgId: string) => `/api/orgs/${orgId}/workflow-health`;

describe("a workflow's run history", () => {
  it("pages newest first by keyset, every run once, ties included", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await org.users.viewer.client.get(historyUrl(org.organizationId, query));
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((run: { id: string }) => run.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(runIds);
  });

  it("filters by status, trigger and date range", async () => {
    const get = async (query: string) =>
      (await org.users.viewer.client.get(historyUrl(org.organizationId, query))).body.items.map(
        (run: { status: string; trigger: string }) => `${run.status}/${run.trigger}`,
      );
    expect(await get("?status=failed")).toEqual(["failed/schedule", "failed/manual", "failed/manual"]);
    expect(await get("?trigger=manual&status=succeeded")).toEqual(["succeeded/manual"]);
    const from = new Date(now.getTime() - 10 * DAY).toISOString();
    expect(await get(`?from=${encodeURIComponent(from)}&trigger=schedule`)).toEqual([
      "failed/schedule",
      "succeeded/schedule",
      "cancelled/schedule",
    ]);
  });

  it("refuses a broken cursor or date with a clear message", async () => {
    const cursor = await org.users.viewer.client.get(historyUrl(org.organizationId, "?cursor=not-a-cursor"));
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.message).toBe(HISTORY_MESSAGES.cursorInvalid);
    const date = await org.users.viewer.client.get(historyUrl(org.organizationId, "?from=yesterday"));
    expect(date.status).toBe(400);
    expect(JSON.stringify(date.body)).toContain(HISTORY_MESSAGES.dateInvalid);
  });
});

describe("a workflow's run history by runner", () => {
  it("lists the organization's runners to any member and filters the runs each executed", async () => {
    // An organization of its own: the health panel below expects "Nightly" alone.
    const other = await createOrgWithRoles(t.app);
    const orgId = other.organizationId;
    const editor = other.users.editor.client;
    const alpha = await registerRunner(t.app, other.users.admin.client, orgId, { name: "alpha" });
    const beta = await registerRunner(t.app, other.users.admin.client, orgId, { name: "beta" });
    const workflow = await createLinuxWorkflow(editor, orgId, ["echo hello"], "Deploy");
    /** Run now, executed to its end by `runner`. */
    const executeOn = async (runner: RunnerClient, outcome: string) => {
      const runId = await queueRun(editor, orgId, workflow.id);
      const claim = await runner.claim();
      expect(claim.body.job.runId).toBe(runId);
      expect((await runner.complete(runId, outcome)).status).toBe(200);
      return runId;
    };
    const first = await executeOn(alpha.client, "succeeded");
    const second = await executeOn(beta.client, "failed");
    const third = await executeOn(alpha.client, "failed");
    // A revoked runner stays a filter: its runs are still in the history.
    expect((await other.users.admin.client.post(`/api/orgs/${orgId}/runners/${beta.id}/revoke`)).status).toBe(204);

    const runners = await other.users.viewer.client.get(`/api/orgs/${orgId}/history/runners`);
    expect(runners.status).toBe(200);
    expect(runners.body.items).toEqual([
      { id: alpha.id, name: "alpha", revoked: false },
      { id: beta.id, name: "beta", revoked: true },
    ]);
    const history = async (query: string) => {
      const response = await other.users.viewer.client.get(
        `/api/orgs/${orgId}/workflows/${workflow.id}/history${query}`,
      );
      expect(response.status).toBe(200);
      return response.body.items.map((run: { id: string; runner: { name: string } | null }) => [
        run.id,
        run.runner?.name,
      ]);
    };
    expect(await history("")).toEqual([
      [third, "alpha"],
      [second, "beta"],
      [first, "alpha"],
    ]);
    expect(await history(`?runnerId=${alpha.id}`)).toEqual([
      [third, "alpha"],
      [first, "alpha"],
    ]);
    expect(await history(`?runnerId=${beta.id}`)).toEqual([[second, "beta"]]);
    expect(await history(`?runnerId=${alpha.id}&status=succeeded`)).toEqual([[first, "alpha"]]);
    // Another organization's runner, in this organization's history: nothing, and not in its list.
    const ownRunners = await org.users.viewer.client.get(`/api/orgs/${org.organizationId}/history/runners`);
    expect(ownRunners.body.items).toEqual([]);
    const elsewhere = await org.users.viewer.client.get(historyUrl(org.organizationId, `?runnerId=${alpha.id}`));
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.items).toEqual([]);
  });
});

describe("the workflow health panel", () => {
  it("shows each workflow's last status and its success rate over 30 days, cancelled runs aside", async () => {
    const response = await org.users.viewer.client.get(healthUrl(org.organizationId));
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([
      {
        workflowId,
        name: "Nightly",
        lastStatus: "failed",
        lastRunAt: expect.any(String),
        ended: 3,
        succeeded: 2,
        successRate: 67,
      },
    ]);
  });
});

describe.each([
  // Through their own organization: the workflow is not found; the panel lists only their own.
  { name: "GET history", url: historyUrl, own: 404 },
  { name: "GET workflow health", url: healthUrl, own: 200 },
  { name: "GET history runners", url: (orgId: string) => `/api/orgs/${orgId}/history/runners`, own: 200 },
])("$name", (route) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const response = await clientOf(t.app, org, caller).get(route.url(org.organizationId));
    expect(response.status).toBe(expectedStatus(caller, { minimum: "viewer", success: 200 }));
    if (caller === "outsider") expect(JSON.stringify(response.body)).not.toContain("Nightly");
  });

  it("gives an outsider nothing through their own organization", async () => {
    const response = await org.users.outsider.client.get(route.url(org.otherOrganizationId));
    expect(response.status).toBe(route.own);
    expect(JSON.stringify(response.body)).not.toContain("Nightly");
    expect(JSON.stringify(response.body)).not.toContain(workflowId);
  });
});
