import { KEYSET_MESSAGES, type KeysetPage } from "@flowdeck/shared";
import type { WorkflowCommand } from "@flowdeck/shared/workflows/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrgWithRoles } from "../helpers/factories.ts";
import { createAppWithRoles, type TestApp } from "../helpers/test-app.ts";
import { workflowsUrl } from "../helpers/test-data.ts";
import { createTask } from "../tasks/task-factory.ts";

// The workflow form's command picker reads the active commands a page at a time, newest first,
// searched on the server (docs/decisions/050).

let t: TestApp;
let org: OrgWithRoles;
/** The organization's active commands, newest first. */
let active: { id: string; name: string }[];

beforeAll(async () => {
  ({ t, org } = await createAppWithRoles());
  const editor = org.users.editor.client;
  const orgId = org.organizationId;
  const made = [];
  // Oldest first; an inactive command between them is never offered.
  made.push(await createTask(editor, orgId, { name: "Rotate logs", description: "Keeps a week of logs", tags: [] }));
  await createTask(editor, orgId, { name: "Rotate keys", status: "inactive", description: "", tags: [] });
  for (const name of ["Vacuum tables", "Warm the cache", "Build image", "Ship image", "Check health"]) {
    made.push(await createTask(editor, orgId, { name, description: "", tags: [] }));
  }
  active = made.reverse().map(({ id, name }) => ({ id, name }));
  await createTask(org.users.outsider.client, org.otherOrganizationId, { name: "Rotate foreign logs" });
});
afterAll(() => t.close());

async function commands(query = "", client = org.users.viewer.client, orgId = org.organizationId) {
  const response = await client.get(workflowsUrl(orgId, `/commands${query}`));
  expect(response.status).toBe(200);
  return response.body as KeysetPage<WorkflowCommand>;
}

const names = (page: { items: { name: string }[] }) => page.items.map((item) => item.name);

describe("the command picker's list", () => {
  it("offers only active commands, newest first, as the picker shows them", async () => {
    const page = await commands();
    expect(names(page)).toEqual(active.map((command) => command.name));
    expect(page).toMatchObject({ total: active.length, totalCapped: false, nextCursor: null, pageSize: 20 });
    expect(page.items.at(-1)).toEqual({
      id: active.at(-1)!.id,
      name: "Rotate logs",
      description: "Keeps a week of logs",
      category: "deployment",
      status: "active",
    });
  });

  it("walks every active command exactly once, a page after a cursor", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await commands(`?pageSize=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page).toMatchObject({ total: active.length, pageSize: 2 });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(active.map((command) => command.id));
  });

  it.each([
    ["a part of the name, in any case", "IMAGE", ["Ship image", "Build image"]],
    ["the description", "week%20of", ["Rotate logs"]],
    ["a name only an inactive command has", "keys", []],
    ["nothing but spaces, as no search", "%20%20", null],
  ])("searches %s", async (_, q, expected) => {
    const page = await commands(`?q=${q}`);
    expect(names(page)).toEqual(expected ?? active.map((command) => command.name));
    expect(page.total).toBe(page.items.length);
  });

  it("offers a member of another organization only that organization's commands", async () => {
    const theirs = await commands("?q=rotate", org.users.outsider.client, org.otherOrganizationId);
    expect(names(theirs)).toEqual(["Rotate foreign logs"]);
    const ours = await commands("?q=rotate");
    expect(names(ours)).toEqual(["Rotate logs"]);
  });

  it("refuses a cursor it did not give, and a page too large", async () => {
    const viewer = org.users.viewer.client;
    const badCursor = await viewer.get(workflowsUrl(org.organizationId, "/commands?cursor=not-a-cursor"));
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error.message).toBe(KEYSET_MESSAGES.invalidCursor);
    expect((await viewer.get(workflowsUrl(org.organizationId, "/commands?pageSize=1000"))).status).toBe(400);
  });
});
