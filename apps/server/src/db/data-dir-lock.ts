import { createHash } from "node:crypto";
import { mkdirSync, realpathSync, rmSync, statSync } from "node:fs";
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

export type DataDirLock = {
  release: () => Promise<void>;
  /**
   * Hands every later connection to the lock's socket to `handler` (the backup channel,
   * db/backup-channel.ts) instead of closing it at once. A lock check connects and goes again.
   */
  serve: (handler: (socket: net.Socket) => void) => void;
};

/**
 * Holds the data directory for this process by listening on a Unix socket inside it.
 * The kernel closes the socket when the process dies, even on SIGKILL, so a lock left behind by
 * a crash (or by a container's PID 1) is recognised as stale and taken over: nobody answers it.
 * A PID file could not tell a dead owner from a new process that happens to reuse its PID.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const socketPath = lockSocketPath(dataDir);
  let handler: (socket: net.Socket) => void = (socket) => socket.end();
  const server = net.createServer((socket) => handler(socket));

  try {
    await listen(server, socketPath);
  } catch (error) {
    // A named pipe disappears with its process: one that exists has a live owner.
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || process.platform === "win32") {
      throw lockError(error, dataDir);
    }
    await takeOverIfStale(server, socketPath, dataDir);
  }
  server.unref();
  return {
    release: () => new Promise((resolve) => server.close(() => resolve())),
    serve: (serve) => (handler = serve),
  };
}

/**
 * Replaces a socket file that nobody answers. Two processes may find it stale at the same moment,
 * and the second must not delete the socket the first has just made, so the check and the
 * replacement run one process at a time, under a guard directory (mkdir either creates or fails).
 */
async function takeOverIfStale(server: net.Server, socketPath: string, dataDir: string) {
  const guard = `${socketPath}.takeover`;
  await lockGuard(guard);
  try {
    if (!(await isStale(socketPath))) throw new DataDirLockedError(dataDir);
    rmSync(socketPath, { force: true });
    await listen(server, socketPath).catch((error: unknown) => {
      throw lockError(error, dataDir); // a process starting fresh bound it first
    });
  } finally {
    rmSync(guard, { recursive: true, force: true });
  }
}

// The guard is held for milliseconds; one older than this was left by a process killed right then.
const GUARD_STALE_MS = 10_000;

async function lockGuard(guard: string) {
  for (;;) {
    try {
      mkdirSync(guard);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const age = Date.now() - (statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > GUARD_STALE_MS) rmSync(guard, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function lockError(error: unknown, dataDir: string): unknown {
  return (error as NodeJS.ErrnoException).code === "EADDRINUSE" ? new DataDirLockedError(dataDir) : error;
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

/** Stale: the socket file is there but no process listens on it (or it has just gone). */
function isStale(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      resolve(error.code === "ECONNREFUSED" || error.code === "ENOENT");
    });
  });
}

// Unix socket paths are limited to about 100 bytes; a deep data directory gets one in the temp dir.
export function lockSocketPath(dataDir: string): string {
  if (process.platform === "win32") return `\\\\?\\pipe\\flowdeck-${hash(dataDir)}`;
  const inside = path.join(dataDir, "flowdeck.lock");
  if (Buffer.byteLength(inside) < 100) return inside;
  return path.join(os.tmpdir(), `flowdeck-${hash(dataDir)}.lock`);
}

function hash(dataDir: string): string {
  return createHash("sha256").update(realpathSync(dataDir)).digest("hex").slice(0, 16);
}
