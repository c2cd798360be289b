import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { serveBackups } from "./backup-channel.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { PgliteWorkerClient } from "./pglite-client.ts";
import { createPool } from "./pool.ts";
import { refreshTableStatistics } from "./table-statistics.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<
  Database,
  | "select"
  | "selectDistinct"
  | "selectDistinctOn"
  | "insert"
  | "update"
  | "delete"
  | "execute"
  | "transaction"
  | "$with"
  | "with"
>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Set with PostgreSQL: the event hub listens on its own connection. */
  connectionString?: string;
  /** Set with the embedded database: the whole database as a tar archive (test set-up). */
  dump?: () => Promise<Uint8Array>;
  /** The connections in use and the callers waiting for one, for the metrics (docs/decisions/062). */
  poolStats: () => PoolStats;
  close: () => Promise<void>;
};

/** PostgreSQL: the pg pool's counts. PGlite: its one session, in use or not, and the calls queued behind it. */
export type PoolStats = { inUse: number; waiting: number; size: number };

/**
 * Hears each statement the application sends, with its parameters (tests count them; the bench's
 * EXPLAIN script replays them); migrations are not included.
 */
export type QueryListener = (query: string, params: unknown[]) => void;

export type DatabaseOptions = (
  | { kind: "postgres"; connectionString: string; poolSize?: number }
  /**
   * `dataDir: null` keeps the embedded database in memory (tests); `startFrom` names a file that
   * `dump` wrote, to begin from instead of a new database (PGlite's initdb takes seconds).
   */
  | { kind: "pglite"; dataDir: string | null; startFrom?: string }
) & { onQuery?: QueryListener };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "postgres" ? openPostgres(options) : openPglite(options);
}

/** drizzle's logger option for a listener. */
function queryLogger(onQuery: QueryListener | undefined) {
  return onQuery ? { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } } : {};
}

async function openPostgres(options: {
  connectionString: string;
  poolSize?: number;
  onQuery?: QueryListener;
}): Promise<DatabaseHandle> {
  const pool = createPool({ connectionString: options.connectionString, max: options.poolSize ?? 10 });
  const client = await pool.connect();
  try {
    // Several instances may start at once: one migrates, the others wait for it.
    await client.query("select pg_advisory_lock(7240917)");
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
    await client.query("select pg_advisory_unlock(7240917)");
  } finally {
    client.release();
  }
  const db = drizzlePg(pool, { schema, ...queryLogger(options.onQuery) }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    connectionString: options.connectionString,
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
      size: pool.totalCount,
    }),
    close: () => pool.end(),
  };
}

async function openPglite({
  dataDir,
  startFrom,
  onQuery,
}: DatabaseOptions & { kind: "pglite" }): Promise<DatabaseHandle> {
  // The lock stays in this thread: the kernel drops it with the process, whatever the worker does.
  const lock = dataDir ? await acquireDataDirLock(dataDir) : undefined;
  try {
    const client = await PgliteWorkerClient.start(dataDir ? path.join(dataDir, "pglite") : null, startFrom);
    try {
      // drizzle's PGlite driver needs only query and transaction, which the worker's client answers.
      const maintenance = drizzlePglite(client as unknown as PGlite, { schema });
      await migratePglite(maintenance, { migrationsFolder: migrationsFolder() });
      // No autovacuum here: tables that grew since the last start are counted before serving.
      await refreshTableStatistics(maintenance as unknown as Database);
      const db = drizzlePglite(client as unknown as PGlite, { schema, ...queryLogger(onQuery) });
      // `npm run backup` asks this process for a copy while it runs (docs/decisions/066).
      if (lock && dataDir) serveBackups(lock, dataDir, () => client.dump({ compress: true }));
      return {
        db: db as unknown as Database,
        kind: "pglite",
        dump: () => client.dump(),
        poolStats: () => client.activity(),
        close: async () => {
          await client.close();
          await lock?.release();
        },
      };
    } catch (error) {
      await client.close();
      throw error;
    }
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/** The committed migrations, found from the source tree or from the built server. */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth++) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("The database migrations folder (apps/server/drizzle) was not found");
}
