import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/database.ts";
import { refreshTableStatistics } from "../../src/db/table-statistics.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function estimatedRows(table: string) {
  const [row] = rowsOf<{ reltuples: number }>(
    await db.execute(sql`select reltuples::int as reltuples from pg_class where relname = ${table}`),
  );
  return row?.reltuples;
}

describe("the embedded database's table statistics", () => {
  it("vacuums and analyzes a table once it has grown, so the planner knows its size, and leaves it alone after", async () => {
    await db.execute(sql`create table statistics_probe (id int primary key, label text not null)`);
    expect(await refreshTableStatistics(db)).not.toContain("statistics_probe");

    await db.execute(sql`insert into statistics_probe select g, 'row ' || g from generate_series(1, 5000) g`);
    expect(await refreshTableStatistics(db)).toContain("statistics_probe");
    expect(await estimatedRows("statistics_probe")).toBe(5000);

    expect(await refreshTableStatistics(db)).not.toContain("statistics_probe");
  });
});
