import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { documents } from "../../src/db/schema/index.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { getFile } from "../helpers/get-file.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { image, pdf } from "./fixtures.ts";
import { documentsUrl, uploadOk } from "./requests.ts";

let t: TestApp;
let org: OrgWithRoles;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  const editor = org.users.editor.client;
  const admin = org.users.admin.client;
  const add = async (key: string, client: typeof editor, options: Parameters<typeof uploadOk>[2]) => {
    ids[key] = (await uploadOk(client, org.organizationId, options)).id;
  };
  // Uploaded in this order: newest last.
  await add("handbook", editor, {
    file: { fileName: "employee-handbook.pdf", data: pdf() },
    fields: {
      title: "Employee Handbook",
      description: "Rules for everyone",
      category: "policies",
      tags: "HR, onboarding",
    },
  });
  await add("budget", admin, {
    file: { fileName: "budget_2025.csv", data: Buffer.from("a,b\n") },
    fields: { title: "Budget", description: "100% of the plan", tags: "finance" },
  });
  await add("logo", editor, {
    file: { fileName: "logo.png", data: await image("png") },
    fields: { title: "Company logo", tags: "brand, design, marketing, web, print" },
  });
  await add("notes", admin, {
    file: { fileName: "meeting_notes.txt", data: Buffer.from("notes") },
    fields: { title: "Weekly notes", description: "Minutes of the ONBOARDING sync" },
  });
  // Another organization's document, which must never show up.
  await uploadOk(org.users.outsider.client, org.otherOrganizationId, {
    file: { fileName: "handbook.pdf", data: pdf() },
    fields: { title: "Employee Handbook (other org)", tags: "HR" },
  });
});
afterAll(() => t.close());

async function list(query = "") {
  const response = await org.users.viewer.client.get(documentsUrl(org.organizationId, query ? `?${query}` : ""));
  expect(response.status).toBe(200);
  return response.body as {
    items: { id: string; title: string }[];
    total: number;
    nextCursor: string | null;
    pageSize: number;
  };
}

const titlesOf = (page: { items: { title: string }[] }) => page.items.map((item) => item.title);

describe("GET /api/orgs/:orgId/documents", () => {
  it("lists the organization's documents, newest first, with their metadata", async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 4, totalCapped: false, nextCursor: null, pageSize: 20 });
    expect(titlesOf(page)).toEqual(["Weekly notes", "Company logo", "Budget", "Employee Handbook"]);
    const logo = page.items.find((item) => item.id === ids.logo);
    expect(logo).toMatchObject({
      fileName: "logo.png",
      fileType: "image/png",
      fileClass: "images",
      category: "images",
      previewable: true,
      tags: ["brand", "design", "marketing", "web", "print"],
      uploadedBy: { id: org.users.editor.id, name: org.users.editor.email },
    });
  });

  it("paginates", async () => {
    const first = await list("pageSize=3");
    const second = await list(`pageSize=3&cursor=${first.nextCursor}`);
    expect(first.total).toBe(4);
    expect(titlesOf(first)).toEqual(["Weekly notes", "Company logo", "Budget"]);
    expect(titlesOf(second)).toEqual(["Employee Handbook"]);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ["title", "handbook", ["Employee Handbook"]],
    ["title, in any case", "WEEKLY", ["Weekly notes"]],
    ["description", "rules for", ["Employee Handbook"]],
    ["description and tags together", "onboarding", ["Weekly notes", "Employee Handbook"]],
    ["file name", "meeting_notes", ["Weekly notes"]],
    ["a tag", "marketing", ["Company logo"]],
    ["a literal %", "100%", ["Budget"]],
    ["a literal _ (not a wildcard)", "weekly_notes", []],
    ["a literal _ that matches", "budget_2", ["Budget"]],
    ["nothing", "no such words", []],
  ])("searches the %s", async (_label, q, titles) => {
    const page = await list(`q=${encodeURIComponent(q)}`);
    expect(titlesOf(page)).toEqual(titles);
    expect(page.total).toBe(titles.length);
  });

  it("filters by category, uploader and tag (any of, in any case), and combines them with the search", async () => {
    expect(titlesOf(await list("category=policies"))).toEqual(["Employee Handbook"]);
    expect(titlesOf(await list("category=images"))).toEqual(["Company logo"]);
    expect(titlesOf(await list(`uploadedBy=${org.users.admin.id}`))).toEqual(["Weekly notes", "Budget"]);
    expect(titlesOf(await list("tag=hr"))).toEqual(["Employee Handbook"]);
    expect(titlesOf(await list("tag=finance,brand"))).toEqual(["Company logo", "Budget"]);
    expect(titlesOf(await list(`uploadedBy=${org.users.admin.id}&q=notes`))).toEqual(["Weekly notes"]);
    expect(titlesOf(await list("category=&q="))).toHaveLength(4);
  });

  it("refuses an unknown category and a page size over 100", async () => {
    const badCategory = await org.users.viewer.client.get(documentsUrl(org.organizationId, "?category=secret"));
    expect(badCategory.status).toBe(400);
    const badSize = await org.users.viewer.client.get(documentsUrl(org.organizationId, "?pageSize=1000"));
    expect(badSize.status).toBe(400);
  });

  it("never reads file contents for a list, the statistics or a detail", async () => {
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, "query");
    try {
      await list("q=notes");
      await org.users.viewer.client.get(documentsUrl(org.organizationId, "/stats"));
      await org.users.viewer.client.get(documentsUrl(org.organizationId, `/${ids.handbook}`));
      const statements = spy.mock.calls.map((call) =>
        String(typeof call[0] === "string" ? call[0] : (call[0] as { text?: string }).text),
      );
      const ours = statements.filter((text) => /"documents"|"document_files"/.test(text));
      expect(ours.length).toBeGreaterThanOrEqual(3);
      expect(ours.filter((text) => text.includes('"content"'))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it("finds a match among thousands of documents", async () => {
    const rows = Array.from({ length: 3000 }, (_, index) => ({
      organizationId: org.organizationId,
      title: `Generated ${index}`,
      fileName: `generated-${index}.txt`,
      fileSize: 1,
      fileType: "text/plain",
      tags: index === 2718 ? ["needle"] : ["hay"],
      createdAt: new Date(Date.UTC(2020, 0, 1) + index * 1000),
    }));
    for (let offset = 0; offset < rows.length; offset += 500) {
      await t.app.db.insert(documents).values(rows.slice(offset, offset + 500));
    }
    const started = Date.now();
    const page = await list("q=NEEDLE");
    expect(titlesOf(page)).toEqual(["Generated 2718"]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await list("pageSize=5")).total).toBe(3004);
    await t.app.db.execute(sql`delete from documents where title like 'Generated %'`);
  });
});

describe("GET /api/orgs/:orgId/documents/stats", () => {
  it("counts by category and extension class, sums the size, counts recent uploads and the five most downloaded", async () => {
    const viewer = org.users.viewer.client;
    const download = (id: string) => getFile(t.app, viewer, documentsUrl(org.organizationId, `/${id}/download`));
    for (let index = 0; index < 3; index++) await download(ids.logo!);
    await download(ids.budget!);

    const response = await viewer.get(documentsUrl(org.organizationId, "/stats"));
    expect(response.status).toBe(200);
    const stats = response.body;
    expect(stats.total).toBe(4);
    expect(stats.recentUploads).toBe(4);
    const page = await list();
    expect(stats.totalSize).toBe(
      page.items.reduce((sum, item) => sum + (item as unknown as { fileSize: number }).fileSize, 0),
    );
    expect(stats.byCategory).toMatchObject({ policies: 1, spreadsheets: 1, images: 1, documents: 1, general: 0 });
    expect(stats.byClass).toEqual({
      documents: 2, // .pdf, .txt
      spreadsheets: 1, // .csv
      presentations: 0,
      images: 1,
      archives: 0,
      code: 0,
      other: 0,
    });
    expect(stats.mostDownloaded).toEqual([
      { id: ids.logo, title: "Company logo", fileName: "logo.png", downloadCount: 3 },
      { id: ids.budget, title: "Budget", fileName: "budget_2025.csv", downloadCount: 1 },
    ]);
  });

  it("counts only the last 7 days as recent", async () => {
    await t.app.db.execute(sql`update documents set created_at = now() - interval '8 days' where id = ${ids.handbook}`);
    const stats = (await org.users.viewer.client.get(documentsUrl(org.organizationId, "/stats"))).body;
    expect(stats.recentUploads).toBe(3);
    expect(stats.total).toBe(4);
  });
});
