import type { LiveEvent } from "@flowdeck/shared";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceAndLedger, changeCredits } from "./credits/ledger-helpers.ts";
import { registerOwner } from "./helpers/factories.ts";
import { type EventStream, subscribe, waitUntil } from "./helpers/sse-client.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

// Runs in the PostgreSQL project only (vitest.config.ts). A database failover or restart drops
// every connection of every instance at once: the server must stay up, answer 503 for the
// requests that lost their connection, lose no acknowledged write, and recover by itself.

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let admin: pg.Client;
let stream: EventStream;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  owner = await registerOwner(t.app);
  admin = new pg.Client({ connectionString: t.database.connectionString });
  await admin.connect();
  stream = await subscribe(t.app, owner.organizationId, owner.client);
});
afterAll(async () => {
  stream?.close();
  await admin?.end();
  await t?.close();
});

/** Ends every connection the server holds to its database, as a failover does. */
async function terminateServerConnections(): Promise<number> {
  const result = await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return result.rowCount ?? 0;
}

describe("the database drops the server's connections", () => {
  it("stays up, answers 503 for what failed, loses no acknowledged write, and recovers", async () => {
    const acknowledged: number[] = [];
    const failures: number[] = [];
    let writing = true;

    const writer = async (worker: number) => {
      for (let i = 0; writing; i++) {
        const amount = worker * 1000 + i + 1;
        const response = await changeCredits(owner.client, owner.organizationId, "add", { amount: 1 });
        if (response.status === 201) acknowledged.push(amount);
        else {
          failures.push(response.status);
          expect(response.body).toMatchObject({ error: { code: "unavailable" } });
          expect(response.headers["retry-after"]).toBeDefined();
        }
      }
    };
    const writers = [1, 2, 3].map(writer);

    let terminated = 0;
    for (let round = 1; round <= 8; round++) {
      const before = acknowledged.length;
      await waitUntil(async () => acknowledged.length >= before + 3, 10_000, "writes to go through again");
      terminated += await terminateServerConnections();
    }
    writing = false;
    await Promise.all(writers);

    expect(terminated).toBeGreaterThan(0);
    expect(new Set(failures)).toEqual(failures.length ? new Set([503]) : new Set());

    // Every acknowledged addition is in the ledger, and the balance is the ledger's sum.
    const { balance, ledgerSum, rows } = await balanceAndLedger(t.app, owner.organizationId);
    expect(rows).toBeGreaterThanOrEqual(acknowledged.length);
    expect(balance).toBe(ledgerSum);

    // No connection leaked in the outage: more writes than the pool has clients all go through.
    for (let i = 0; i < 12; i++) {
      expect((await changeCredits(owner.client, owner.organizationId, "add", { amount: 1 })).status).toBe(201);
    }

    // Ready again, and live events flow again after the LISTEN connection came back.
    await waitUntil(
      async () => (await t.app.inject({ method: "GET", url: "/readyz" })).statusCode === 200,
      10_000,
      "/readyz to recover",
    );
    const event: LiveEvent = { entity: "organization", id: owner.organizationId, action: "updated" };
    await waitUntil(
      async () => {
        await t.app.events.publish(owner.organizationId, event);
        try {
          return JSON.stringify(await stream.nextChange(500)) === JSON.stringify(event);
        } catch {
          return false;
        }
      },
      15_000,
      "live events to flow again",
    );
  });

  it("reports the outage on /readyz while the database refuses connections", async () => {
    // Block new connections to this database, drop the open ones, then let it back in. Only a
    // connection to another database may do that.
    const name = (await admin.query<{ db: string }>("select current_database() as db")).rows[0]!.db;
    const outside = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await outside.connect();
    await outside.query(`alter database ${name} with allow_connections false`);
    try {
      await terminateServerConnections();
      const outage = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(outage.statusCode).toBe(503);
      const write = await changeCredits(owner.client, owner.organizationId, "add", { amount: 1 });
      expect(write.status).toBe(503);
      expect(write.body).toMatchObject({ error: { code: "unavailable" } });
    } finally {
      await outside.query(`alter database ${name} with allow_connections true`);
      await outside.end();
    }
    await admin.end();
    admin = new pg.Client({ connectionString: t.database.connectionString });
    await admin.connect();
    await waitUntil(
      async () => (await t.app.inject({ method: "GET", url: "/readyz" })).statusCode === 200,
      10_000,
      "/readyz to recover",
    );
  });
});
