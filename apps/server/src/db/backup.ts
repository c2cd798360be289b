import { existsSync, openSync, readdirSync, readSync, closeSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { requestBackup } from "./backup-channel.ts";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.ts";
import { PgliteWorkerClient } from "./pglite-client.ts";

/** A problem the operator can fix, said as it is (no stack): `npm run backup` and `restore` print it. */
export class BackupError extends Error {}

/** What `npm run restore` accepts in the data directory besides nothing: the keys kept apart, and its own leftovers. */
const ALLOWED_IN_EMPTY_DIR = new Set(["secrets-key", "auth-secret", "flowdeck.lock", "pglite.new"]);

/**
 * `npm run backup`: a consistent copy of the embedded database in `dataDir`, written to `file` (a
 * gzipped tar of PGlite's data directory, mode 0600). From the server running on it when there is
 * one (db/backup-channel.ts), else from the directory itself, held meanwhile. The key files are
 * never in it (docs/decisions/066).
 */
export async function backupDataDir({ dataDir, file }: { dataDir: string; file: string }): Promise<{
  bytes: number;
  from: "running server" | "data directory";
}> {
  if (!existsSync(path.join(dataDir, "pglite", "PG_VERSION"))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (DATA_DIR): nothing to back up`);
  }
  let bytes: Uint8Array;
  let from: "running server" | "data directory";
  const lock = await acquireDataDirLock(dataDir).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) return undefined;
    throw error;
  });
  if (lock) {
    try {
      const client = await PgliteWorkerClient.start(path.join(dataDir, "pglite"));
      try {
        bytes = await client.dump({ compress: true });
      } finally {
        await client.close();
      }
    } finally {
      await lock.release();
    }
    from = "data directory";
  } else {
    bytes = await requestBackup(dataDir);
    from = "running server";
  }
  // Whole or not at all: a backup cut short never takes the name of one.
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
  return { bytes: bytes.byteLength, from };
}

/**
 * `npm run restore`: the backup in `file` becomes the embedded database of `dataDir`, which must
 * hold none (only the key files may be there already) and which no server may be running on.
 * Returns how many of Flowdeck's migrations the restored database had run.
 */
export async function restoreDataDir({ dataDir, file }: { dataDir: string; file: string }): Promise<{
  migrations: number;
}> {
  if (!isGzip(file)) throw new BackupError(`${file} is not a Flowdeck backup (a .tar.gz from npm run backup)`);
  const lock = await acquireDataDirLock(dataDir).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(
        `A Flowdeck server is running on ${dataDir} (DATA_DIR): stop it, and restore into an empty data directory`,
      );
    }
    throw error;
  });
  try {
    const found = readdirSync(dataDir).filter((name) => !ALLOWED_IN_EMPTY_DIR.has(name));
    if (found.length > 0) {
      throw new BackupError(
        `${dataDir} (DATA_DIR) is not empty (it holds ${found.slice(0, 5).join(", ")}): ` +
          "restore into a new, empty data directory, so no database is ever overwritten",
      );
    }
    const pgliteDir = path.join(dataDir, "pglite");
    const client = await PgliteWorkerClient.start(pgliteDir, file).catch((error: unknown) => {
      throw new BackupError(`${file} could not be restored: ${(error as Error).message}`);
    });
    const migrations = await client
      .query("select count(*)::int as count from drizzle.__drizzle_migrations")
      .then((result) => (result.rows[0] as { count: number }).count)
      .catch(() => undefined)
      .finally(() => client.close());
    if (migrations === undefined) {
      rmSync(pgliteDir, { recursive: true, force: true });
      throw new BackupError(`${file} does not hold a Flowdeck database: nothing was restored`);
    }
    return { migrations };
  } finally {
    await lock.release();
  }
}

function isGzip(file: string): boolean {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const fd = openSync(file, "r");
  try {
    const magic = Buffer.alloc(2);
    return readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}
