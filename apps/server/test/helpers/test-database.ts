import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../src/db/database.ts";

export type TestDatabase = DatabaseHandle & { drop: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or with
 * TEST_DATABASE=postgres a new database created beside TEST_DATABASE_URL and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE !== "postgres") {
    const handle = await openDatabase({ kind: "pglite", dataDir: null });
    return { ...handle, drop: handle.close };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE=postgres needs TEST_DATABASE_URL");
  const name = `flowdeck_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", connectionString: url.toString(), poolSize: 5 });
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
