import { INVITABLE_ROLES } from "@flowdeck/shared";
import { HISTORY_MESSAGES } from "@flowdeck/shared/runs/history";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflowRuns } from "../../src/db/schema/index.ts";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createCommands, createWorkflow } from "../workflows/workflow-factory.ts";

// GET /api/orgs/:orgId/runs (decision 087): every run of the organization, newest first.

let t: TestApp;
let org: OrgWithRoles;
let nightly: string;
let deploy: string;
/** Every run of the organization, newest first (started_at desc, id desc). */
let expected: { id: string; workflowName: string; status: string }[];
let elsewhereWorkflow: string;
const now = Date.now();
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  const editor = org.users.editor.client;
  const [command] = await createCommands(editor, org.organizationId, ["Back up"]);
  nightly = (await createWorkflow(editor, org.organizationId, [command!.id], { name: "Nightly" })).id;
  deploy = (await createWorkflow(editor, org.organizationId, [command!.id], { name: "Deploy" })).id;
  // Runs of both workflows interleaved in time, two at the very same instant (the keyset's tie-break).
  const planned = [
    { workflowId: nightly, status: "failed", minutes: 1 },
    { workflowId: deploy, status: "succeeded", minutes: 2 },
    { workflowId: nightly, status: "succeeded", minutes: 3 },
    { workflowId: deploy, status: "cancelled", minutes: 4 },
    { workflowId: nightly, status: "failed", minutes: 5 },
    { workflowId: deploy, status: "failed", minutes: 5 },
  ] as const;
  const rows = await t.app.db
    .insert(workflowRuns)
    .values(
      planned.map((run) => ({
        workflowId: run.workflowId,
        organizationId: org.organizationId,
        trigger: "manual" as const,
        status: run.status,
        startedAt: new Date(now - run.minutes * MINUTE),
        finishedAt: new Date(now - run.minutes * MINUTE + 1000),
      })),
    )
    .returning({
      id: workflowRuns.id,
      workflowId: workflowRuns.workflowId,
      status: workflowRuns.status,
      startedAt: workflowRuns.startedAt,
    });
  expected = rows
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((row) => ({
      id: row.id,
      workflowName: row.workflowId === nightly ? "Nightly" : "Deploy",
      status: row.status,
    }));
  // A fan-out's target is part of its run, not a run of the list (decision 080).
  await t.app.db.insert(workflowRuns).values({
    workflowId: deploy,
    organizationId: org.organizationId,
    parentRunId: expected.find((run) => run.workflowName === "Deploy")!.id,
    trigger: "manual",
    status: "succeeded",
    kind: "executed",
    platform: "linux",
    startedAt: new Date(now),
  });
  // Another organization's run, newer than all of ours.
  const outsider = org.users.outsider.client;
  const [theirs] = await createCommands(outsider, org.otherOrganizationId, ["Theirs"]);
  elsewhereWorkflow = (
    await createWorkflow(outsider, org.otherOrganizationId, [theirs!.id], { name: "Their secret plan" })
  ).id;
  await t.app.db.insert(workflowRuns).values({
    workflowId: elsewhereWorkflow,
    organizationId: org.otherOrganizationId,
    trigger: "manual",
    status: "succeeded",
    startedAt: new Date(now),
  });
});
afterAll(() => t.close());

const runsUrl = (orgId: string, query = "") => `/api/orgs/${orgId}/runs${query}`;
const summary = (run: { id: string; workflowName: string; status: string }) => ({
  id: run.id,
  workflowName: run.workflowName,
  status: run.status,
});

describe("the organization's runs", () => {
  it("pages every run of every workflow newest first by keyset, each naming its workflow, targets left out", async () => {
    const seen: ReturnType<typeof summary>[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=4${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await org.users.viewer.client.get(runsUrl(org.organizationId, query));
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map(summary));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it("filters by workflow, alongside the history's filters", async () => {
    const ids = async (query: string) => {
      const response = await org.users.viewer.client.get(runsUrl(org.organizationId, query));
      expect(response.status).toBe(200);
      return response.body.items.map((run: { id: string }) => run.id);
    };
    const ofWorkflow = (name: string) => expected.filter((run) => run.workflowName === name).map((run) => run.id);
    expect(await ids(`?workflowId=${deploy}`)).toEqual(ofWorkflow("Deploy"));
    expect(await ids(`?workflowId=${nightly}&status=failed`)).toEqual(
      expected.filter((run) => run.workflowName === "Nightly" && run.status === "failed").map((run) => run.id),
    );
    const from = new Date(now - 2.5 * MINUTE).toISOString();
    expect(await ids(`?from=${encodeURIComponent(from)}`)).toEqual(expected.slice(0, 2).map((run) => run.id));
    // Another organization's workflow has no runs here.
    expect(await ids(`?workflowId=${elsewhereWorkflow}`)).toEqual([]);
  });

  it("refuses a broken cursor, date or status with a clear message", async () => {
    const cursor = await org.users.viewer.client.get(runsUrl(org.organizationId, "?cursor=not-a-cursor"));
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.message).toBe(HISTORY_MESSAGES.cursorInvalid);
    const date = await org.users.viewer.client.get(runsUrl(org.organizationId, "?to=tomorrow"));
    expect(date.status).toBe(400);
    expect(JSON.stringify(date.body)).toContain(HISTORY_MESSAGES.dateInvalid);
    const status = await org.users.viewer.client.get(runsUrl(org.organizationId, "?status=exploded"));
    expect(status.status).toBe(400);
    expect(JSON.stringify(status.body)).toContain("Unknown run status");
  });
});

describe("GET runs", () => {
  it.each(CALLERS)("as %s", async (caller) => {
    const response = await clientOf(t.app, org, caller).get(runsUrl(org.organizationId));
    expect(response.status).toBe(expectedStatus(caller, { minimum: "viewer", success: 200 }));
    if (response.status === 200) expect(response.body.items.map(summary)).toEqual(expected);
    else expect(JSON.stringify(response.body)).not.toContain("Nightly");
  });

  it.each(INVITABLE_ROLES)("answers an API token of role %s with the runs", async (role) => {
    const { token } = await createApiToken(org.users.owner.client, org.organizationId, { role });
    const response = await bearerClient(t.app, token).get(runsUrl(org.organizationId));
    expect(response.status).toBe(200);
    expect(response.body.items.map(summary)).toEqual(expected);
  });

  it("gives an outsider only their own organization's runs, none of ours", async () => {
    const response = await org.users.outsider.client.get(runsUrl(org.otherOrganizationId));
    expect(response.status).toBe(200);
    expect(response.body.items.map((run: { workflowName: string }) => run.workflowName)).toEqual(["Their secret plan"]);
    const text = JSON.stringify(response.body);
    for (const run of expected) expect(text).not.toContain(run.id);
    expect(text).not.toContain("Nightly");
  });
});
