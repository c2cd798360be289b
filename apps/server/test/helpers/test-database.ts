import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle, type QueryListener } from "../../src/db/database.ts";
import { requireAdminUrl } from "../setup/postgres-template.ts";
import { createDatabase, databaseUrl, dropDatabase } from "./postgres-admin.ts";

export type TestDatabase = DatabaseHandle & { drop: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or with
 * TEST_DATABASE=postgres a PostgreSQL database, each a copy of the run's migrated template
 * (test/setup/), the latter dropped afterwards. `onQuery` hears every statement the app sends.
 *
 * `reusable` (test apps ask for it): an embedded database a file has finished with is emptied
 * and handed to the next file of the same worker instead of closed. Starting a PGlite takes one
 * to two seconds of CPU and over a hundred files do it; emptying its tables takes milliseconds
 * and leaves what a copy of the template holds (the migrated, empty tables).
 */
export async function createTestDatabase(
  options: { onQuery?: QueryListener; reusable?: boolean } = {},
): Promise<TestDatabase> {
  const { onQuery } = options;
  if (process.env.TEST_DATABASE !== "postgres") {
    const reusable = options.reusable === true && !onQuery;
    const handle = (reusable && spareEmbedded.pop()) || (await openEmbedded(onQuery));
    return reusable ? { ...handle, drop: () => giveBack(handle) } : { ...handle, drop: handle.close };
  }
  const adminUrl = requireAdminUrl();
  const name = await createDatabase(adminUrl, "flowdeck_test", inject("postgresTemplate"));
  const handle = await openDatabase({
    kind: "postgres",
    connectionString: databaseUrl(adminUrl, name),
    poolSize: 5,
    onQuery,
  });
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/** Embedded databases emptied by the files that used them, for the next file of this worker. */
const spareEmbedded: DatabaseHandle[] = [];

function openEmbedded(onQuery: QueryListener | undefined): Promise<DatabaseHandle> {
  // Without the template (a file run under another config), a new database is migrated.
  return openDatabase({ kind: "pglite", dataDir: null, startFrom: inject("pgliteTemplate"), onQuery });
}

async function giveBack(handle: DatabaseHandle) {
  const tables = (await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: { tablename: string }[] };
  const names = tables.rows.map((row) => sql.identifier(row.tablename));
  // The audit log refuses TRUNCATE by a trigger (it is append-only); triggers stay quiet while
  // the session replays as a replica, which the embedded database's superuser may ask for.
  await handle.db.execute(sql`set session_replication_role = replica`);
  await handle.db.execute(sql`truncate ${sql.join(names, sql`, `)} restart identity cascade`);
  await handle.db.execute(sql`set session_replication_role = origin`);
  spareEmbedded.push(handle);
}
