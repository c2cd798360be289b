import { TASK_CATEGORIES } from "@flowdeck/shared/tasks/constants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../../src/db/schema/index.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { tasksUrl } from "../helpers/test-data.ts";
import { createTask } from "./task-factory.ts";

let t: TestApp;
let org: OrgWithRoles;
const DAY = 24 * 60 * 60 * 1000;

/** The names on one list answer. */
async function names(query = "") {
  const response = await org.users.viewer.client.get(tasksUrl(org.organizationId, query));
  expect(response.status).toBe(200);
  return (response.body.items as { name: string }[]).map((item) => item.name);
}

async function backdate(id: string, daysAgo: number) {
  await t.app.db
    .update(tasks)
    .set({ createdAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(tasks.id, id));
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  const editor = org.users.editor.client;
  const orgId = org.organizationId;
  // Oldest first, so the list (newest first) reads them in reverse.
  const specs = [
    { name: "Nightly backup", category: "backup", tags: ["db", "nightly"], priority: "high", daysAgo: 30 },
    { name: "Disk usage", category: "monitoring", description: "Reports 100% full disks", tags: ["ops"], daysAgo: 20 },
    {
      name: "Deploy api",
      category: "deployment",
      status: "inactive",
      tags: ["Release"],
      projectId: "apollo",
      daysAgo: 10,
    },
    { name: "Vacuum tables", category: "database", assigneeId: org.users.admin.id, priority: "low", daysAgo: 3 },
    {
      name: "Run tests",
      category: "testing",
      tags: ["ci_fast"],
      dueDate: new Date(Date.now() - DAY).toISOString(),
      daysAgo: 1,
    },
    { name: "Rotate keys", category: "security", dueDate: new Date(Date.now() + 7 * DAY).toISOString(), daysAgo: 0 },
  ];
  for (const { daysAgo, ...spec } of specs) {
    const created = await createTask(editor, orgId, { description: "", tags: [], ...spec });
    await backdate(created.id, daysAgo);
  }
  // Another organization's commands never show.
  await createTask(org.users.outsider.client, org.otherOrganizationId, { name: "Foreign backup", category: "backup" });
});
afterAll(() => t.close());

describe("the list", () => {
  it("answers every command of the organization, newest first, with the page's numbers", async () => {
    const response = await org.users.viewer.client.get(tasksUrl(org.organizationId));
    expect(response.body).toMatchObject({ total: 6, totalCapped: false, nextCursor: null, pageSize: 20 });
    expect(await names()).toEqual([
      "Rotate keys",
      "Run tests",
      "Vacuum tables",
      "Deploy api",
      "Disk usage",
      "Nightly backup",
    ]);
  });

  it.each([
    ["?status=inactive", ["Deploy api"]],
    ["?status=active", ["Rotate keys", "Run tests", "Vacuum tables", "Disk usage", "Nightly backup"]],
    ["?category=backup", ["Nightly backup"]],
    ["?priority=low", ["Vacuum tables"]],
    ["?projectId=apollo", ["Deploy api"]],
    ["?tag=release", ["Deploy api"]],
    ["?tag=nightly&category=backup", ["Nightly backup"]],
    ["?tag=night", []],
    ["?status=inactive&category=backup", []],
  ])("filters %s", async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it("filters by assignee", async () => {
    expect(await names(`?assigneeId=${org.users.admin.id}`)).toEqual(["Vacuum tables"]);
  });

  it.each([
    ["?q=BACKUP", ["Nightly backup"]],
    ["?q=100%25", ["Disk usage"]],
    ["?q=%25", ["Disk usage"]],
    ["?q=ci_", ["Run tests"]],
    ["?q=_", ["Run tests"]],
    ["?q=ops", ["Disk usage"]],
    ["?q=e&category=deployment", ["Deploy api"]],
    ["?q=%20%20", ["Rotate keys", "Run tests", "Vacuum tables", "Deploy api", "Disk usage", "Nightly backup"]],
    ["?q=nothing-like-this", []],
  ])("searches the name, the description and the tags: %s", async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it("pages through the list without repeating or skipping", async () => {
    const first = await org.users.viewer.client.get(tasksUrl(org.organizationId, "?pageSize=4"));
    expect(first.body).toMatchObject({ total: 6, pageSize: 4, nextCursor: expect.any(String) });
    const second = await org.users.viewer.client.get(
      tasksUrl(org.organizationId, `?pageSize=4&cursor=${first.body.nextCursor}`),
    );
    expect(second.body).toMatchObject({ total: 6, pageSize: 4, nextCursor: null });
    const namesOf = (page: { items: { name: string }[] }) => page.items.map((item) => item.name);
    expect([namesOf(first.body), namesOf(second.body)]).toEqual([
      ["Rotate keys", "Run tests", "Vacuum tables", "Deploy api"],
      ["Disk usage", "Nightly backup"],
    ]);
  });

  it.each([
    "?cursor=not-a-cursor",
    "?pageSize=101",
    "?pageSize=abc",
    "?status=done",
    "?category=cooking",
    "?priority=asap",
  ])("refuses %s", async (query) => {
    const response = await org.users.viewer.client.get(tasksUrl(org.organizationId, query));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid-argument");
  });
});

describe("the statistics", () => {
  it("count by status, category and priority, the recent ones and the overdue ones", async () => {
    const response = await org.users.viewer.client.get(tasksUrl(org.organizationId, "/stats"));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      total: 6,
      byStatus: { active: 5, inactive: 1 },
      byCategory: {
        ...Object.fromEntries(TASK_CATEGORIES.map((category) => [category, 0])),
        backup: 1,
        monitoring: 1,
        deployment: 1,
        database: 1,
        testing: 1,
        security: 1,
      },
      byPriority: { low: 1, medium: 0, high: 1, urgent: 0, none: 4 },
      // Within 7 days: Vacuum tables (3), Run tests (1), Rotate keys (0).
      recentlyCreated: 3,
      // Past its due date: Run tests.
      overdue: 1,
    });
  });

  it("are all zero for an organization without commands", async () => {
    const other = await createOrgWithRoles(t.app);
    const response = await other.users.owner.client.get(tasksUrl(other.organizationId, "/stats"));
    expect(response.body).toMatchObject({
      total: 0,
      byStatus: { active: 0, inactive: 0 },
      recentlyCreated: 0,
      overdue: 0,
    });
    expect(Object.values(response.body.byCategory)).toEqual(TASK_CATEGORIES.map(() => 0));
  });
});
