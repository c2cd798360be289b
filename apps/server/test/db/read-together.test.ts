import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Executor } from "../../src/db/database.ts";
import { readTogether } from "../../src/db/read-together.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Two reads that say when each began and ended, in the order things happened. */
function twoReads(db: Executor) {
  const happened: string[] = [];
  const read = (name: string) => async () => {
    happened.push(`${name} began`);
    await db.execute(sql`select pg_sleep(0.02)`);
    happened.push(`${name} ended`);
    return name;
  };
  return { happened, reads: [read("first"), read("second")] as const };
}

describe("reads together", () => {
  it("in a transaction, one after another: its one connection takes one query at a time", async () => {
    await t.app.db.transaction(async (tx) => {
      const { happened, reads } = twoReads(tx);
      expect(await readTogether(tx, reads)).toEqual(["first", "second"]);
      expect(happened).toEqual(["first began", "first ended", "second began", "second ended"]);
    });
  });

  it("on the database itself, at once", async () => {
    const { happened, reads } = twoReads(t.app.db);
    expect(await readTogether(t.app.db, reads)).toEqual(["first", "second"]);
    expect(happened.slice(0, 2)).toEqual(["first began", "second began"]);
  });
});
