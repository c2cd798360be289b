import { inject } from "vitest";
import { openDatabase, type DatabaseHandle, type QueryListener } from "../../src/db/database.ts";
import { requireAdminUrl } from "../setup/postgres-template.ts";
import { createDatabase, databaseUrl, dropDatabase } from "./postgres-admin.ts";

export type TestDatabase = DatabaseHandle & { drop: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or with
 * TEST_DATABASE=postgres a copy of the run's migrated template, dropped afterwards. `onQuery`
 * hears every statement the app sends.
 */
export async function createTestDatabase(options: { onQuery?: QueryListener } = {}): Promise<TestDatabase> {
  const { onQuery } = options;
  if (process.env.TEST_DATABASE !== "postgres") {
    const handle = await openDatabase({ kind: "pglite", dataDir: null, onQuery });
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
