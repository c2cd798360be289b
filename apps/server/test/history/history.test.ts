import { HISTORY_MESSAGES } from "@flowdeck/shared/history/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflowRuns } from "../../src/db/schema/index.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
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
