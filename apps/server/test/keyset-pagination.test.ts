import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "./helpers/factories.ts";
import type { TestClient } from "./helpers/http-client.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

// The long lists read a page after a cursor (docs/decisions/021). Rows are written straight into
// the tables here, many at once and some in the same microsecond, which the API cannot do.

let t: TestApp;
let owner: { client: TestClient; organizationId: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
});
afterAll(() => t.close());

type List = {
  name: string;
  path: string;
  /** Inserts `count` rows labelled `${label} n`, all created at `at`. */
  insert: (label: string, count: number, at: string) => Promise<void>;
  label: (item: Record<string, unknown>) => string;
};

const lists: List[] = [
  {
    name: "tasks",
    path: "tasks",
    insert: (label, count, at) =>
      run(sql`insert into tasks (id, organization_id, name, created_at, updated_at)
        select gen_random_uuid()::text, ${owner.organizationId}, ${label} || ' ' || n, ${at}::timestamptz, now()
        from generate_series(1, ${count}::int) as n`),
    label: (item) => String(item.name),
  },
  {
    name: "workflows",
    path: "workflows",
    insert: (label, count, at) =>
      run(sql`insert into workflows (id, organization_id, name, created_at, updated_at)
        select gen_random_uuid()::text, ${owner.organizationId}, ${label} || ' ' || n, ${at}::timestamptz, now()
        from generate_series(1, ${count}::int) as n`),
    label: (item) => String(item.name),
  },
  {
    name: "documents",
    path: "documents",
    insert: (label, count, at) =>
      run(sql`insert into documents (id, organization_id, title, file_name, file_size, file_type, created_at, updated_at)
        select gen_random_uuid()::text, ${owner.organizationId}, ${label} || ' ' || n, 'notes.txt', 5, 'text/plain',
          ${at}::timestamptz, now()
        from generate_series(1, ${count}::int) as n`),
    label: (item) => String(item.title),
  },
  {
    name: "credit transactions",
    path: "credits/transactions",
    insert: (label, count, at) =>
      run(sql`insert into credit_transactions (id, organization_id, amount, type, description, created_at)
        select gen_random_uuid()::text, ${owner.organizationId}, 1, 'addition', ${label} || ' ' || n, ${at}::timestamptz
        from generate_series(1, ${count}::int) as n`),
    label: (item) => String(item.description),
  },
];

async function run(query: ReturnType<typeof sql>) {
  await t.app.db.execute(query);
}

async function page(list: List, query: string) {
  const response = await owner.client.get(`/api/orgs/${owner.organizationId}/${list.path}?${query}`);
  expect(response.status).toBe(200);
  return response.body as {
    items: Record<string, unknown>[];
    total: number;
    totalCapped: boolean;
    nextCursor: string | null;
  };
}

describe.each(lists)("the $name list", (list) => {
  it("returns every row exactly once while rows are added between pages", async () => {
    const label = `${list.name} keyset`;
    // Rows in the same microsecond are told apart by id; older rows come after newer ones.
    await list.insert(`${label} a`, 5, "2020-01-01T00:00:00.123456Z");
    await list.insert(`${label} b`, 4, "2020-01-01T00:00:00.123457Z");
    await list.insert(`${label} c`, 3, "2019-06-01T12:00:00Z");
    const expected = 12;

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `pageSize=5${cursor ? `&cursor=${cursor}` : ""}`;
      const body = await page(list, query);
      seen.push(...body.items.map(list.label).filter((text) => text.startsWith(label)));
      cursor = body.nextCursor;
      pages += 1;
      // Newer rows, and rows in the very microsecond of the page just read, arrive meanwhile.
      await list.insert(`${list.name} added during page ${pages}`, 2, new Date().toISOString());
      await list.insert(`${list.name} added in the same microsecond ${pages}`, 1, "2020-01-01T00:00:00.123457Z");
    } while (cursor && pages < 20);

    const originals = seen.filter((text) => !text.includes("added"));
    expect(originals).toHaveLength(expected);
    expect(new Set(originals).size).toBe(expected);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

// A search reads its matches once and sorts its page out of them when they are at most 1,000;
// beyond, it reads the page in the list's order (docs/decisions/051). Both must give the same pages.
describe.each(lists.filter((list) => list.name === "tasks" || list.name === "documents"))(
  "a search of the $name list",
  (list) => {
    /** Every page of the search, followed by cursor; and the first page's total. */
    async function walk(q: string, pageSize: number) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let total = 0;
      for (let pages = 0; pages < 100; pages++) {
        const query: string = `pageSize=${pageSize}&q=${encodeURIComponent(q)}${cursor ? `&cursor=${cursor}` : ""}`;
        const body = await page(list, query);
        if (pages === 0) total = body.total;
        seen.push(...body.items.map(list.label));
        cursor = body.nextCursor;
        if (!cursor) break;
      }
      return { seen, total };
    }

    /** `count` rows labelled `${label} n`, row n created n seconds after `at`: the last written is the newest. */
    async function insertAscending(label: string, count: number, at: string) {
      await run(
        list.name === "tasks"
          ? sql`insert into tasks (id, organization_id, name, created_at, updated_at)
              select gen_random_uuid()::text, ${owner.organizationId}, ${label} || ' ' || n,
                ${at}::timestamptz + make_interval(secs => n), now()
              from generate_series(1, ${count}::int) as n`
          : sql`insert into documents (id, organization_id, title, file_name, file_size, file_type, created_at, updated_at)
              select gen_random_uuid()::text, ${owner.organizationId}, ${label} || ' ' || n, 'notes.txt', 5,
                'text/plain', ${at}::timestamptz + make_interval(secs => n), now()
              from generate_series(1, ${count}::int) as n`,
      );
    }

    it("walks a few matches among many rows newest first, each once", async () => {
      const label = `${list.name} rare`;
      await insertAscending(`${list.name} plenty`, 300, "2021-01-01T00:00:00Z");
      await insertAscending(label, 12, "2021-01-01T00:00:00.5Z");
      const { seen, total } = await walk(label, 5);
      expect(total).toBe(12);
      expect(seen).toEqual(Array.from({ length: 12 }, (_, index) => `${label} ${12 - index}`));
    });

    it("gives the newest page of more than 1,000 matches, though they were written oldest first", async () => {
      const label = `${list.name} common`;
      await insertAscending(label, 1_200, "2022-01-01T00:00:00Z");
      const first = await page(list, `pageSize=5&q=${encodeURIComponent(label)}`);
      expect(first).toMatchObject({ total: 1_200, totalCapped: false });
      expect(first.items.map(list.label)).toEqual([1200, 1199, 1198, 1197, 1196].map((n) => `${label} ${n}`));
      const second = await page(list, `pageSize=5&q=${encodeURIComponent(label)}&cursor=${first.nextCursor}`);
      expect(second.items.map(list.label)).toEqual([1195, 1194, 1193, 1192, 1191].map((n) => `${label} ${n}`));
    });
  },
);

describe("cursors", () => {
  it.each([
    "garbage",
    "WyJ5ZXN0ZXJkYXkiLCJpZCJd",
    Buffer.from('["2020-13-45T00:00:00.000000Z","x"]').toString("base64url"),
  ])("refuses %s with 400", async (cursor) => {
    const response = await owner.client.get(`/api/orgs/${owner.organizationId}/tasks?cursor=${cursor}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid-argument");
  });
});
