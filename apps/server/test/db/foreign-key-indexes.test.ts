import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";

// Deleting a row makes the database find the rows that refer to it (to cascade, to set null, or to
// refuse). Without an index led by the referring column, each deleted row reads the whole
// referring table: retention deleting 100 runs a pass with a million runs took 40 s (decision 088).
// Accounts, organizations and their data keys are left out: they go only when a person or an
// organization is deleted, once, and an index on each of their thirty references would tax every
// write of those tables instead.
const RARELY_DELETED = ["users", "organizations", "secret_data_keys"];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

type Row = { referring: string; column: string; action: string };

const ACTIONS: Record<string, string> = {
  c: "cascade",
  n: "set null",
  d: "set default",
  a: "no action",
  r: "restrict",
};

it("every foreign key has an index led by its column, so deleting a parent row reads only its children", async () => {
  const result = await database.db.execute(sql`
    select c.conrelid::regclass::text as referring, a.attname as "column", c.confdeltype as action
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace
      and c.confrelid::regclass::text <> all(${`{${RARELY_DELETED.join(",")}}`}::text[])
      and not exists (
        select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
      )
    order by 1, 2`);
  const missing = (result as unknown as { rows: Row[] }).rows.map(
    (row) => `${row.referring}.${row.column} (on delete ${ACTIONS[row.action] ?? row.action})`,
  );
  expect(missing).toEqual([]);
});
