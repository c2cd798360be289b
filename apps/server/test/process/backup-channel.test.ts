import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BACKUP_TOKEN_FILE, requestBackup, serveBackups } from "../../src/db/backup-channel.ts";
import { acquireDataDirLock, type DataDirLock } from "../../src/db/data-dir-lock.ts";
import { cleanUp, makeDataDir } from "./server-process.ts";

// The channel `npm run backup` asks the running server through (docs/decisions/066): the lock's
// socket, answering only the token the server wrote into the data directory.

describe("the backup channel", () => {
  const held: DataDirLock[] = [];
  afterEach(async () => {
    await Promise.all(held.splice(0).map((lock) => lock.release()));
    await cleanUp();
  });

  async function serving(dump: () => Promise<Uint8Array>) {
    const dataDir = makeDataDir();
    const lock = await acquireDataDirLock(dataDir);
    held.push(lock);
    serveBackups(lock, dataDir, dump);
    return dataDir;
  }

  it("answers the token in the data directory with the whole backup, and writes that token for its owner only", async () => {
    const bytes = new Uint8Array(300_000).map((_, index) => index % 251);
    const dataDir = await serving(async () => bytes);
    expect(statSync(path.join(dataDir, BACKUP_TOKEN_FILE)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(await requestBackup(dataDir)).equals(Buffer.from(bytes))).toBe(true);
  });

  it("refuses another token, and says why a backup failed", async () => {
    let dumps = 0;
    const dataDir = await serving(async () => {
      dumps++;
      throw new Error("The embedded database stopped");
    });
    const file = path.join(dataDir, BACKUP_TOKEN_FILE);
    const token = readFileSync(file, "utf8");
    writeFileSync(file, "not-the-token\n");
    await expect(requestBackup(dataDir)).rejects.toThrow(
      "The server refused the backup: The backup token does not match backup-token in the data directory",
    );
    expect(dumps).toBe(0);
    writeFileSync(file, token);
    await expect(requestBackup(dataDir)).rejects.toThrow(
      "The server refused the backup: The embedded database stopped",
    );
    expect(dumps).toBe(1);
  });

  it("still tells a lock check that the data directory is held", async () => {
    const dataDir = await serving(async () => new Uint8Array(1));
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow("Another Flowdeck process is using the data directory");
  });
});
