import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditTransactions, organizations } from "../../src/db/schema/index.ts";
import { createUser, registerOwner } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { balanceAndLedger } from "./ledger-helpers.ts";

// Migration 0003 gives organizations made before the ledger existed their opening row. Its
// statement is run again here on organizations made the old way (a balance, no rows).
const MIGRATION = path.resolve(import.meta.dirname, "../../drizzle/0003_credits_ledger_rules.sql");
const backfill = readFileSync(MIGRATION, "utf8")
  .split("--> statement-breakpoint")
  .map((statement) => statement.trim())
  .find((statement) => statement.includes('INSERT INTO "credit_transactions"'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the ledger's opening rows for organizations made before it", () => {
  it("records each balance as 'Initial credits', or the difference as a correction, and leaves correct ledgers alone", async () => {
    expect(backfill).toBeDefined();
    const user = await createUser(t.app);
    const [old] = await t.app.db
      .insert(organizations)
      .values({ name: "Made before the ledger", createdBy: user.id, credits: 100 })
      .returning({ id: organizations.id });
    const [empty] = await t.app.db
      .insert(organizations)
      .values({ name: "No credits", createdBy: user.id, credits: 0 })
      .returning({ id: organizations.id });
    const drifted = await registerOwner(t.app);
    await t.app.db.update(organizations).set({ credits: 80 }).where(eq(organizations.id, drifted.organizationId));
    const correct = await registerOwner(t.app);

    await t.app.db.execute(sql.raw(backfill!));

    expect(await balanceAndLedger(t.app, old!.id)).toEqual({ balance: 100, ledgerSum: 100, rows: 1 });
    const [opening] = await t.app.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.organizationId, old!.id));
    expect(opening).toEqual(
      expect.objectContaining({ amount: 100, type: "addition", description: "Initial credits", userId: user.id }),
    );
    expect(await balanceAndLedger(t.app, empty!.id)).toEqual({ balance: 0, ledgerSum: 0, rows: 0 });
    expect(await balanceAndLedger(t.app, drifted.organizationId)).toEqual({ balance: 80, ledgerSum: 80, rows: 2 });
    const [correction] = await t.app.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.description, "Balance correction"));
    expect(correction).toEqual(expect.objectContaining({ amount: -20, type: "consumption" }));
    expect(await balanceAndLedger(t.app, correct.organizationId)).toEqual({ balance: 100, ledgerSum: 100, rows: 1 });

    // Running it again changes nothing.
    await t.app.db.execute(sql.raw(backfill!));
    expect(await balanceAndLedger(t.app, old!.id)).toEqual({ balance: 100, ledgerSum: 100, rows: 1 });
  });
});
