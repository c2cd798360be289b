import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { registrationBody, TEST_PASSWORD, uniqueDomain, uniqueEmail } from "../helpers/test-data.ts";

/**
 * Runs the real server as a child process (`node apps/server/dist/server.js`, built by the
 * project's global setup) on the embedded database, so tests can kill it, signal it and read
 * everything it prints.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
export const SERVER_BUNDLE = path.join(REPO_ROOT, "apps/server/dist/server.js");
export const PASSWORD = TEST_PASSWORD;

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process has written to stdout and stderr so far. */
  output: () => string;
  exited: Promise<Exit>;
  kill: (signal: NodeJS.Signals) => Promise<Exit>;
};

const children = new Set<ChildProcess>();
const dataDirs: string[] = [];
// Should the test process end first (a timeout, Ctrl-C), its servers end with it.
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/** An empty directory, removed by cleanUp: a first start's data directory, or a place for files. */
export function makeDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "flowdeck-process-"));
  dataDirs.push(dir);
  return dir;
}

/**
 * A data directory holding only a migrated embedded database (a copy of the run's template), as
 * an installation has after its first start: the server starts on it without initdb and migrations.
 */
export function makeMigratedDataDir(): string {
  const dir = makeDataDir();
  cpSync(path.join(inject("pgliteDataDirTemplate"), "pglite"), path.join(dir, "pglite"), { recursive: true });
  return dir;
}

/** Starts the server without waiting for it. `env` adds or (with undefined) removes variables. */
export async function spawnServer(options: {
  dataDir: string;
  env?: Record<string, string | undefined>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    PORT: String(port),
    DATA_DIR: options.dataDir,
    APP_URL: url,
    BETTER_AUTH_SECRET: "process-test-secret-that-is-long-enough-for-better-auth",
    LOG_LEVEL: "info",
    SCHEDULER: "off",
    // registerOwner registers in one step, also on a data directory that already has accounts.
    REGISTRATION_CONFIRMS_EMAIL: "off",
    ...options.env,
  };
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env: Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)),
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<Exit>((resolve) => {
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  const kill = (signal: NodeJS.Signals) => {
    child.kill(signal);
    return exited;
  };
  return { url, dataDir: options.dataDir, child, output: () => output, exited, kill };
}

/** Starts the server and waits until /healthz answers; fails with its output if it stops first. */
export async function startServer(options: Parameters<typeof spawnServer>[0]): Promise<ServerProcess> {
  const server = await spawnServer(options);
  let stopped: Exit | undefined;
  void server.exited.then((exit) => (stopped = exit));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`the server stopped (${JSON.stringify(stopped)}):\n${server.output()}`);
    const status = await fetch(`${server.url}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return server;
    await sleep(100);
  }
  await server.kill("SIGKILL");
  throw new Error(`the server did not answer /healthz:\n${server.output()}`);
}

/** Kills whatever a test left running and removes the data directories. */
export async function cleanUp() {
  await Promise.all(
    [...children].map((child) => new Promise((resolve) => child.once("exit", resolve).kill("SIGKILL"))),
  );
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export type Owner = { email: string; cookie: string; organizationId: string };

/** Registers a new account with its organization; the cookie carries the new session. */
export async function registerOwner(server: ServerProcess): Promise<Owner> {
  const email = uniqueEmail("owner");
  const response = await send(server, "POST", "/api/account/register", {
    body: registrationBody({ email, password: PASSWORD, organizationName: "Acme Operations", domain: uniqueDomain() }),
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const { organizationId } = (await response.json()) as { organizationId: string };
  return { email, cookie: cookieOf(response), organizationId };
}

/** A same-origin JSON request, as the web app sends it. */
export function send(
  server: ServerProcess,
  method: string,
  url: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: server.url };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.url}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The names of the organizations the signed-in user belongs to. */
export async function organizationNames(server: ServerProcess, cookie: string): Promise<Set<string>> {
  const response = await send(server, "GET", "/api/me", { cookie });
  if (response.status !== 200) throw new Error(`GET /api/me answered ${response.status}`);
  const me = (await response.json()) as { organizations: { name: string }[] };
  return new Set(me.organizations.map((organization) => organization.name));
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
