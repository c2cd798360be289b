import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  cleanUp,
  makeDataDir,
  makeMigratedDataDir,
  organizationNames,
  registerOwner,
  send,
  spawnServer,
  startServer,
  waitFor,
  type ServerProcess,
} from "./server-process.ts";

// The embedded database after `kill -9`: what the process acknowledged is there, and the next
// start opens the data directory normally.
describe("embedded database after SIGKILL", () => {
  afterAll(cleanUp);

  it("keeps every write it acknowledged when killed during writes, and restarts every time", async () => {
    const dataDir = makeMigratedDataDir();
    let server = await startServer({ dataDir });
    const owner = await registerOwner(server);
    const acknowledged: string[] = [];

    for (let round = 1; round <= 3; round++) {
      const killAfter = acknowledged.length + 8 + Math.floor(Math.random() * 12);
      const unexpected: string[] = [];
      // Four writers at once, so requests are always in flight when the kill lands.
      const writers = [1, 2, 3, 4].map(async (writer) => {
        for (let n = 0; ; n++) {
          const name = `w-${round}-${writer}-${n}`;
          const status = await createOrganization(server, owner.cookie, name);
          if (status === undefined) return; // the process is gone
          if (status === 201) acknowledged.push(name);
          else unexpected.push(`${name}: ${status}`);
        }
      });
      await waitFor(() => acknowledged.length >= killAfter || unexpected.length > 0, "acknowledged writes");

      expect(await server.kill("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
      await Promise.all(writers);
      expect(unexpected).toEqual([]);
      // PGlite's own lock file: the last time torn, as when a process is killed while writing it.
      if (round === 3) writeFileSync(path.join(dataDir, "pglite", "postmaster.pid"), "");

      server = await startServer({ dataDir });
      const names = await organizationNames(server, owner.cookie);
      const lost = acknowledged.filter((name) => !names.has(name));
      expect(lost, `round ${round}: acknowledged writes missing after restart`).toEqual([]);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(24);
  }, 120_000);

  it("opens normally after a kill while the database was being created, taking over the lock left", async () => {
    const dataDir = makeDataDir();
    const first = await spawnServer({ dataDir });
    // PG_VERSION appears when the new database's files start being written into the directory.
    await waitFor(() => databaseFilesExist(dataDir), "the database files", 60_000);
    await first.kill("SIGKILL");

    // The lock is a socket file, not a PID: nobody answers it once its owner is dead, so an owner
    // that ran as PID 1 in a container (a PID that is always "alive") is no different.
    const lock = path.join(dataDir, "flowdeck.lock");
    expect(statSync(lock).isSocket()).toBe(true);
    expect(await answers(lock)).toBe(false);

    const server = await startServer({ dataDir });
    expect(await answers(lock)).toBe(true);
    expect((await send(server, "GET", "/readyz")).status).toBe(200);
    const owner = await registerOwner(server);
    expect(await organizationNames(server, owner.cookie)).toEqual(new Set(["Acme Operations"]));
  }, 120_000);
});

/** POST /api/organizations: its status, or undefined when the server did not answer. */
async function createOrganization(server: ServerProcess, cookie: string, name: string) {
  try {
    const response = await send(server, "POST", "/api/organizations", { cookie, body: { name } });
    await response.arrayBuffer().catch(() => undefined); // the status alone says it was acknowledged
    return response.status;
  } catch {
    return undefined;
  }
}

function databaseFilesExist(dataDir: string): boolean {
  return readdirSync(dataDir, { withFileTypes: true }).some(
    (entry) => entry.isDirectory() && existsSync(path.join(dataDir, entry.name, "PG_VERSION")),
  );
}

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
