import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "../../src/db/data-dir-lock.ts";
import { cleanUp, makeDataDir } from "./server-process.ts";

describe("data directory lock", () => {
  const held: DataDirLock[] = [];
  afterEach(async () => {
    await Promise.all(held.splice(0).map((lock) => lock.release()));
    await cleanUp();
  });

  it("lets one holder at a time, and the next one in once it is released", async () => {
    const dataDir = makeDataDir();
    const first = await acquireDataDirLock(dataDir);
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(
      `Another Flowdeck process is using the data directory ${dataDir}.`,
    );
    await first.release();
    held.push(await acquireDataDirLock(dataDir));
  });

  it("gives a lock left by a killed process to exactly one of two openers racing for it", async () => {
    const dataDir = makeDataDir();
    await leaveStaleLock(path.join(dataDir, "flowdeck.lock"));

    const results = await Promise.allSettled([acquireDataDirLock(dataDir), acquireDataDirLock(dataDir)]);
    for (const result of results) if (result.status === "fulfilled") held.push(result.value);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === "rejected");
    expect(refused?.reason).toBeInstanceOf(DataDirLockedError);
  });
});

/** A process listens on the lock socket and is killed: its socket file stays, with nobody behind it. */
async function leaveStaleLock(socketPath: string) {
  const holder = spawn(
    process.execPath,
    ["-e", "require('node:net').createServer().listen(process.argv[1], () => console.log('listening'))", socketPath],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await once(holder.stdout, "data");
  holder.kill("SIGKILL");
  await once(holder, "exit");
  expect(existsSync(socketPath)).toBe(true);
}
