import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { createPool } from "./pool.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<
  Database,
  "select" | "selectDistinct" | "selectDistinctOn" | "insert" | "update" | "delete" | "execute" | "transaction"
>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Set with PostgreSQL: the event hub listens on its own connection. */
  connectionString?: string;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; connectionString: string; poolSize?: number }
  /** `dataDir: null` keeps the embedded database in memory (tests). */
  | { kind: "pglite"; dataDir: string | null };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "postgres" ? openPostgres(options) : openPglite(options.dataDir);
}

async function openPostgres(options: { connectionString: string; poolSize?: number }): Promise<DatabaseHandle> {
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
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return { db, kind: "postgres", connectionString: options.connectionString, close: () => pool.end() };
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  const lock = dataDir ? await acquireDataDirLock(dataDir) : undefined;
  try {
    const client = dataDir ? await openPgliteDir(path.join(dataDir, "pglite")) : await PGlite.create(PGLITE_OPTIONS);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      close: async () => {
        await client.close();
        await lock?.release();
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/**
 * Opens the embedded database kept in `dir`, creating it first if there is none. This process
 * holds the data-directory lock, so whatever is found here from another process was left by one
 * that died, and clearing it is safe:
 * - a new database is made in a side directory and renamed into place once whole: PGlite copies
 *   a new database in file by file, and a copy cut short by `kill -9` crashed every later start;
 * - postmaster.pid goes: PGlite aborts on a torn one (its owner killed while writing it).
 *
 * Durability: PGlite writes through to the host's files on every commit but never calls fsync,
 * so a write it acknowledged survives the death of this process (SIGKILL, the OOM killer, a
 * container stop) but not a crash of the machine itself. PostgreSQL (DATABASE_URL) covers that.
 */
async function openPgliteDir(dir: string): Promise<PGlite> {
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    const staging = `${dir}.new`;
    rmSync(staging, { recursive: true, force: true });
    await (await PGlite.create(staging, PGLITE_OPTIONS)).close();
    rmSync(dir, { recursive: true, force: true }); // no PG_VERSION: no database, only an interrupted copy
    renameSync(staging, dir);
  }
  rmSync(path.join(dir, "postmaster.pid"), { force: true });
  return PGlite.create(dir, PGLITE_OPTIONS);
}

// The extensions the migrations create (pg_trgm for substring search) must be loaded up front.
const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm } };

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
