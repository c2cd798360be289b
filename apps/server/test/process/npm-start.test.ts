import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock } from "../../src/db/data-dir-lock.ts";
import {
  cleanUp,
  freePort,
  makeMigratedDataDir,
  registerOwner,
  SERVER_BUNDLE,
  sleep,
  type Exit,
  type ServerProcess,
} from "./server-process.ts";

// `npm start` as a service manager, a container or a script runs it, holding npm's pid: SIGTERM
// and SIGINT to that pid must stop the server gracefully, and once npm has exited the port and
// the data directory are free for the next start (issue 26: npm's shell took the signal and left
// the server running as an orphan that kept the data directory).

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const checkouts: string[] = [];
const running = new Set<ChildProcess>();

const serverPids = new Set<number>();

afterEach(async () => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
  // A server that outlived npm (what this file checks does not happen) must not outlive the test.
  for (const pid of serverPids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  }
  serverPids.clear();
  await cleanUp();
  for (const dir of checkouts.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A checkout with what `npm start` reads, as it is in this repository: package.json's start
 * script and scripts/start.js. Its build does nothing and its dist/server.js loads this
 * repository's bundle, which the other process tests run too, so no test waits for a build.
 */
function makeCheckout(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "flowdeck-npm-start-"));
  checkouts.push(dir);
  const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const manifest = {
    name: "flowdeck-start",
    private: true,
    type: "module",
    scripts: { start: scripts.start, build: "node -e 0" },
  };
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest));
  mkdirSync(path.join(dir, "scripts"));
  copyFileSync(path.join(REPO_ROOT, "scripts/start.js"), path.join(dir, "scripts/start.js"));
  mkdirSync(path.join(dir, "apps/web/dist"), { recursive: true });
  writeFileSync(path.join(dir, "apps/web/dist/index.html"), "");
  mkdirSync(path.join(dir, "apps/server/dist"), { recursive: true });
  const bundle = pathToFileURL(SERVER_BUNDLE).href;
  writeFileSync(path.join(dir, "apps/server/dist/server.js"), `import ${JSON.stringify(bundle)};\n`);
  mkdirSync(path.join(dir, "apps/runner/dist"), { recursive: true });
  writeFileSync(path.join(dir, "apps/runner/dist/flowdeck-runner.tgz"), "");
  return dir;
}

/** Starts `command` in a fresh checkout on a fresh data directory and waits until it serves. */
async function start(command: "npm start" | "node scripts/start.js"): Promise<ServerProcess> {
  const checkout = makeCheckout();
  const dataDir = makeMigratedDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [file, ...args] = command === "npm start" ? ["npm", "start"] : [process.execPath, "scripts/start.js"];
  const child = spawn(file!, args, {
    cwd: checkout,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: url,
      BETTER_AUTH_SECRET: "process-test-secret-that-is-long-enough-for-better-auth",
      LOG_LEVEL: "info",
      SCHEDULER: "off",
      REGISTRATION_CONFIRMS_EMAIL: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    for (const [, pid] of chunk.matchAll(/"pid":(\d+)/g)) serverPids.add(Number(pid));
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = once(child, "exit").then(([code, signal]) => {
    running.delete(child);
    return { code, signal } as Exit;
  });
  const kill = (signal: NodeJS.Signals) => {
    child.kill(signal);
    return exited;
  };
  const server: ServerProcess = { url, dataDir, child, output: () => output, exited, kill };
  const deadline = Date.now() + 90_000;
  while (!(await answers(server))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${command} did not serve:\n${output}`);
    await sleep(100);
  }
  return server;
}

function answers(server: ServerProcess): Promise<boolean> {
  return fetch(`${server.url}/healthz`).then(
    (response) => response.ok,
    () => false,
  );
}

/** The data directory can be opened: nobody holds its lock any more. */
async function dataDirIsFree(dataDir: string): Promise<boolean> {
  try {
    await (await acquireDataDirLock(dataDir)).release();
    return true;
  } catch {
    return false;
  }
}

describe("npm start", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "stops gracefully on %s to npm's pid; when npm has exited, the port and the data directory are free",
    async (signal) => {
      const server = await start("npm start");
      await registerOwner(server);
      const exit = await server.kill(signal);
      expect(server.output()).toContain(`"signal":"${signal}","msg":"shutting down"`);
      expect(exit.code === 0 || exit.signal === signal).toBe(true);
      expect(await answers(server)).toBe(false);
      expect(await dataDirIsFree(server.dataDir)).toBe(true);
    },
    120_000,
  );

  it("stops the server when npm itself is killed (SIGKILL passes no signal on)", async () => {
    const server = await start("npm start");
    await server.kill("SIGKILL");
    const deadline = Date.now() + 20_000;
    while ((await answers(server)) || !(await dataDirIsFree(server.dataDir))) {
      if (Date.now() > deadline) throw new Error(`the server outlived npm:\n${server.output()}`);
      await sleep(200);
    }
  }, 120_000);
});

describe("node scripts/start.js", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "stops gracefully on %s and frees the port and the data directory",
    async (signal) => {
      const server = await start("node scripts/start.js");
      expect(await server.kill(signal)).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain(`"signal":"${signal}","msg":"shutting down"`);
      expect(await answers(server)).toBe(false);
      expect(await dataDirIsFree(server.dataDir)).toBe(true);
    },
    120_000,
  );
});
