import { inject } from "vitest";
import { openDatabase, type DatabaseHandle, type QueryListener } from "../../src/db/database.ts";
import { requireAdminUrl } from "../setup/postgres-template.ts";
import { createDatabase, databaseUrl, dropDatabase } from "./postgres-admin.ts";

export type TestDatabase = DatabaseHandle & { drop: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or with
 * TEST_DATABASE=postgres a PostgreSQL database, each a copy of the run's migrated template
 * (test/setup/), the latter dropped afterwards. `onQuery` hears every statement the app sends.
 */
export async function createTestDatabase(options: { onQuery?: QueryListener } = {}): Promise<TestDatabase> {
  const { onQuery } = options;
  if (process.env.TEST_DATABASE !== "postgres") {
    // Without the template (a file run under another config), a new database is migrated.
    const handle = await openDatabase({ kind: "pglite", dataDir: null, startFrom: inject("pgliteTemplate"), onQuery });
    return { ...handle, drop: handle.close };
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
