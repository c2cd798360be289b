import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { lockSocketPath, type DataDirLock } from "./data-dir-lock.ts";

/**
 * How `npm run backup` asks the running server for a consistent copy of the embedded database
 * (docs/decisions/066): over the data directory's lock socket, which only exists on this machine,
 * with a token the server writes at start into the data directory (mode 0600). Whoever can read
 * that file can read the database files themselves; nobody else can ask, and nothing listens on
 * the network.
 *
 * The request is one line, `backup <token>`; the answer `ok <bytes>` and the backup's bytes, or
 * `error <message>`.
 */
export const BACKUP_TOKEN_FILE = "backup-token";

const REQUEST_TIMEOUT_MS = 10_000;
const MAX_REQUEST_BYTES = 256;

/** The server's side: a fresh token in the data directory, and the lock socket answering it. */
export function serveBackups(lock: DataDirLock, dataDir: string, dump: () => Promise<Uint8Array>): void {
  const token = randomBytes(32).toString("base64url");
  const file = path.join(dataDir, BACKUP_TOKEN_FILE);
  const draft = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(draft, `${token}\n`, { mode: 0o600 });
  renameSync(draft, file);
  lock.serve((socket) => answer(socket, token, dump));
}

function answer(socket: net.Socket, token: string, dump: () => Promise<Uint8Array>) {
  socket.on("error", () => socket.destroy()); // the lock check connects and goes at once
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
  let request = "";
  const onData = (chunk: Buffer) => {
    request += chunk.toString("latin1");
    const end = request.indexOf("\n");
    if (end === -1) {
      if (request.length > MAX_REQUEST_BYTES) socket.destroy();
      return;
    }
    socket.off("data", onData);
    socket.setTimeout(0);
    const [command, given = ""] = request.slice(0, end).split(" ");
    if (command !== "backup" || !sameToken(given, token)) {
      socket.end(`error The backup token does not match ${BACKUP_TOKEN_FILE} in the data directory\n`);
      return;
    }
    dump().then(
      (bytes) => {
        socket.write(`ok ${bytes.byteLength}\n`);
        socket.end(bytes);
      },
      (error: unknown) => socket.end(`error ${(error as Error).message.replace(/\s+/g, " ")}\n`),
    );
  };
  socket.on("data", onData);
}

function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The client's side: the backup the server running on `dataDir` makes, as a gzipped tar. */
export async function requestBackup(dataDir: string): Promise<Uint8Array> {
  const token = readFileSync(path.join(dataDir, BACKUP_TOKEN_FILE), "utf8").trim();
  const socket = net.connect(lockSocketPath(dataDir));
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => socket.write(`backup ${token}\n`));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.once("error", reject);
    socket.once("end", () => resolve());
  });
  const reply = Buffer.concat(chunks);
  const headerEnd = reply.indexOf("\n");
  const header = reply.subarray(0, headerEnd === -1 ? reply.length : headerEnd).toString("utf8");
  if (header.startsWith("error ")) throw new Error(`The server refused the backup: ${header.slice(6)}`);
  const match = /^ok (\d+)$/.exec(header);
  const body = reply.subarray(headerEnd + 1);
  if (!match || body.length !== Number(match[1])) {
    throw new Error("The server's backup arrived incomplete: nothing was written");
  }
  return body;
}
