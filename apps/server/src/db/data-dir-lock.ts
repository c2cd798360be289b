import { createHash } from "node:crypto";
import { mkdirSync, realpathSync, unlinkSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another Flowdeck process is using the data directory ${dataDir}. ` +
        "The embedded database can be opened by one process at a time: stop the other process, " +
        "or set DATABASE_URL to run several instances on PostgreSQL.",
    );
    this.name = "DataDirLockedError";
  }
}

export type DataDirLock = { release: () => Promise<void> };

/**
 * Holds the data directory for this process by listening on a Unix socket inside it.
 * The kernel closes the socket when the process dies, even on SIGKILL, so a lock left behind by
 * a crash (or by a container's PID 1) is recognised as stale and taken over: nobody answers it.
 * A PID file could not tell a dead owner from a new process that happens to reuse its PID.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const socketPath = lockSocketPath(dataDir);
  const server = net.createServer((socket) => socket.end());

  try {
    await listen(server, socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    if (await isAnswered(socketPath)) throw new DataDirLockedError(dataDir);
    unlinkSync(socketPath); // stale: its owner is gone
    try {
      await listen(server, socketPath);
    } catch (retryError) {
      // Someone else took it over in the same instant.
      if ((retryError as NodeJS.ErrnoException).code === "EADDRINUSE") throw new DataDirLockedError(dataDir);
      throw retryError;
    }
  }
  server.unref();
  return { release: () => new Promise((resolve) => server.close(() => resolve())) };
}

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off("listening", onListening);
      reject(error);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve();
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(socketPath);
  });
}

function isAnswered(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

// Unix socket paths are limited to about 100 bytes; a deep data directory gets one in the temp dir.
function lockSocketPath(dataDir: string): string {
  if (process.platform === "win32") return `\\\\?\\pipe\\flowdeck-${hash(dataDir)}`;
  const inside = path.join(dataDir, "flowdeck.lock");
  if (Buffer.byteLength(inside) < 100) return inside;
  return path.join(os.tmpdir(), `flowdeck-${hash(dataDir)}.lock`);
}

function hash(dataDir: string): string {
  return createHash("sha256").update(realpathSync(dataDir)).digest("hex").slice(0, 16);
}
