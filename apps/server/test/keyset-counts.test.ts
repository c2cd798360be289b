import { AsyncLocalStorage } from "node:async_hooks";
import { COUNT_CAP } from "@flowdeck/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_COUNT_LIMIT } from "../src/db/keyset.ts";
import { registerOwner } from "./helpers/factories.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";
import { createTestDatabase } from "./helpers/test-database.ts";

// A list counts its matches in the page's own statement up to 1,000; beyond, the planner's
// estimate says "10,000+" at once (from 50,000) or an exact count up to COUNT_CAP + 1 follows, and
// a list found beyond the cap either way is remembered so for a minute (docs/decisions/048). Rows are written straight into the table, thousands at once.

type Statement = { query: string; params: unknown[] };
// The statements each request sends, told apart from background jobs by the request's async context.
const statementsOfRequest = new AsyncLocalStorage<Statement[]>();
let t: TestApp;

beforeAll(async () => {
  const database = await createTestDatabase({
    onQuery: (query, params) => statementsOfRequest.getStore()?.push({ query, params }),
  });
  t = await createTestApp({ database });
});
afterAll(async () => {
  await t.close();
  await t.database.drop();
});

type ListAnswer = { items: { name: string }[]; total: number; totalCapped: boolean };

/** A new organization whose tasks are named "Bulk 1", "Bulk 2"… in the order they are added. */
async function organizationWithTasks() {
  const owner = await registerOwner(t.app);
  // Warms the session cache: each list below then sends the list's own statements only.
  await owner.client.get(`/api/orgs/${owner.organizationId}/tasks`);
  let added = 0;
  return {
    add: async (count: number) => {
      await t.app.db.execute(sql`insert into tasks (id, organization_id, name, created_at, updated_at)
        select gen_random_uuid()::text, ${owner.organizationId}, 'Bulk ' || n, now(), now()
        from generate_series(${added + 1}::int, ${added + count}::int) as n`);
      added += count;
    },
    /** The first page (or the page after `cursor`) and the statements the request sent. */
    list: async (query = "") => {
      const url = `/api/orgs/${owner.organizationId}/tasks?pageSize=5${query}`;
      const statements: Statement[] = [];
      const response = await statementsOfRequest.run(statements, () => owner.client.get(url));
      expect(response.status).toBe(200);
      return {
        ...(response.body as ListAnswer),
        statements: statements.length,
        pageCounts: pageCounts(statements),
        estimates: estimates(statements),
        counts: fullCounts(statements),
      };
    },
  };
}

/** The planner estimates asked for: EXPLAIN statements. */
function estimates(statements: Statement[]) {
  return statements.filter((statement) => /^\s*explain\b/i.test(statement.query));
}

/** The pages that count their matches, up to PAGE_COUNT_LIMIT + 1 (their count's limit is that parameter). */
function pageCounts(statements: Statement[]) {
  return statements.filter((statement) => statement.params.includes(PAGE_COUNT_LIMIT + 1)).length;
}

/** The counts that may read COUNT_CAP + 1 rows (their limit is that parameter). */
function fullCounts(statements: Statement[]) {
  return statements.filter((statement) => statement.params.includes(COUNT_CAP + 1));
}

/** A cursor older than every row: the page after it is empty, and its count is asked apart. */
const pastTheEnd = `&cursor=${Buffer.from('["1970-01-01T00:00:00.000000Z","x"]').toString("base64url")}`;

describe("counts", () => {
  it("are exact up to the cap: in the page's statement up to 1,000, then after an estimate", async () => {
    const org = await organizationWithTasks();

    await org.add(1_000);
    expect(await org.list()).toMatchObject({ total: 1_000, totalCapped: false, estimates: [], counts: [] });

    await org.add(1);
    const beyondThePage = await org.list();
    expect(beyondThePage).toMatchObject({ total: 1_001, totalCapped: false });
    expect(beyondThePage.estimates).toHaveLength(1);
    expect(beyondThePage.counts).toHaveLength(1);

    await org.add(8_999);
    expect(await org.list()).toMatchObject({ total: COUNT_CAP, totalCapped: false });

    await org.add(1);
    // The planner expects about 10,001 matches, far below ESTIMATE_CAP: they are counted.
    const capped = await org.list();
    expect(capped).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(capped.counts).toHaveLength(1);

    // Counted past the cap, the list is remembered as beyond it for a while: the next page, and
    // the empty one after a cursor past the end (no row to carry a count), send no count.
    const again = await org.list();
    expect(again).toMatchObject({ total: COUNT_CAP, totalCapped: true, estimates: [], counts: [] });
    const pastEnd = await org.list(pastTheEnd);
    expect(pastEnd).toMatchObject({ items: [], total: COUNT_CAP, totalCapped: true, estimates: [], counts: [] });
    // Nor does the page count its first 1,001 matches again: it reads its rows only.
    expect(capped.pageCounts).toBe(1);
    expect(again).toMatchObject({ statements: 1, pageCounts: 0 });

    // A search among them still finds a substring anywhere in the name, and counts exactly, in
    // one statement that reads its matches once (docs/decisions/051).
    const found = await org.list("&q=ulk 999");
    // Bulk 999 and Bulk 9990 to 9999.
    expect(found).toMatchObject({ total: 11, totalCapped: false, statements: 1 });
    expect(found.items.every((item) => /^Bulk 999\d?$/.test(item.name))).toBe(true);

    // Known to the planner as about 30,000 (below five times the cap: it may be wrong by a few
    // times), they are still counted rather than estimated. Every task is active: the filter makes
    // it a list the server has not counted yet.
    await org.add(19_999);
    await t.app.db.execute(sql`analyze tasks`);
    const counted = await org.list("&status=active");
    expect(counted).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(counted.estimates).toHaveLength(1);
    expect(counted.counts).toHaveLength(1);
  });

  it("say 10,000+ without counting when the planner expects far more", async () => {
    const org = await organizationWithTasks();
    // Beyond ESTIMATE_CAP (50,000) by more than the planner's sampling error.
    await org.add(60_000);
    // What autovacuum would do on PostgreSQL, and the embedded database's statistics pass on PGlite.
    await t.app.db.execute(sql`analyze tasks`);

    const first = await org.list();
    expect(first).toMatchObject({ total: COUNT_CAP, totalCapped: true, counts: [] });
    expect(first.items).toHaveLength(5);
    expect(first.estimates).toHaveLength(1);

    // The planner's "far more" is remembered for the same list and filters for a while: the
    // next pages, and the empty one past the end, send their page's statement only.
    const again = await org.list();
    expect(again).toMatchObject({ total: COUNT_CAP, totalCapped: true, estimates: [], counts: [] });
    const pastEnd = await org.list(pastTheEnd);
    expect(pastEnd).toMatchObject({ items: [], total: COUNT_CAP, totalCapped: true, estimates: [], counts: [] });
    // Nor does the page count its first 1,001 matches again: it reads its rows only.
    expect(first.pageCounts).toBe(1);
    expect(again).toMatchObject({ statements: 1, pageCounts: 0 });

    // A search that matches few of them is counted exactly in the page's statement.
    const found = await org.list("&q=ulk 5999");
    // Bulk 5999 and Bulk 59990 to 59999.
    expect(found).toMatchObject({ total: 11, totalCapped: false, statements: 1 });

    // One that matches more than 1,000 reads its page in the list's order after its matches.
    const broad = await org.list("&q=ulk 1");
    expect(broad).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    // Bulk 1, 10 to 19, 100 to 199, 1000 to 1999 and 10000 to 19999: 11,111 of them.
    expect(broad.items).toHaveLength(5);
    expect(broad.items.every((item) => item.name.includes("ulk 1"))).toBe(true);
    expect(broad.statements).toBeGreaterThan(1);
  });
});
