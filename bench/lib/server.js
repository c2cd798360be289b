import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
// BENCH_SERVER_ROOT: another checkout's built server (an earlier commit, to measure before and after).
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ? path.resolve(process.env.BENCH_SERVER_ROOT) : ROOT;
const SERVER_BUNDLE = path.join(SERVER_ROOT, "apps/server/dist/server.js");
const LOOP_MONITOR = path.join(import.meta.dirname, "loop-monitor.js");

/**
 * Starts the built server on 127.0.0.1 and a free port, with a fresh data directory, and waits
 * until /readyz answers. With databaseUrl it runs on PostgreSQL; otherwise on embedded PGlite.
 * `env` adds settings; with `eventLoop` the server's event-loop delay can be read (loop-monitor.js).
 * With `dataDir` it runs on that directory and leaves it in place when it stops (the caller's to
 * remove), so a later server can start again on the same embedded database.
 */
export async function startServer({ databaseUrl, env = {}, eventLoop = false, dataDir: keptDir } = {}) {
  const dataDir = keptDir ?? mkdtempSync(path.join(tmpdir(), "flowdeck-bench-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const nodeArgs = eventLoop ? ["--import", LOOP_MONITOR] : [];
  // BENCH_SERVER_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops.
  if (process.env.BENCH_SERVER_CPU_PROFILE) {
    nodeArgs.push("--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_SERVER_CPU_PROFILE)}`);
  }
  const child = spawn(process.execPath, [...nodeArgs, SERVER_BUNDLE], {
    cwd: SERVER_ROOT,
    stdio: ["ignore", "inherit", "inherit", ...(eventLoop ? ["ipc"] : [])],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT: "1000",
      // Every scenario registers its owners in one step (session.js).
      REGISTRATION_CONFIRMS_EMAIL: "off",
      SCHEDULER: "off",
      ...env,
    },
  });
  const exited = once(child, "exit");

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, stop, eventLoop: eventLoop ? eventLoopOf(child) : null };
}

/** Resets and reads the server's event-loop delay histogram (p50, p99, max in ms). */
function eventLoopOf(child) {
  const ask = (message) =>
    new Promise((resolve) => {
      const answer = (reply) => {
        if (reply?.type !== message) return;
        child.off("message", answer);
        resolve(reply);
      };
      child.on("message", answer);
      child.send(message);
    });
  return {
    reset: () => ask("event-loop:reset"),
    report: () => ask("event-loop:report"),
    /** SQL statements the server has sent to PostgreSQL since it started. */
    statements: async () => (await ask("statements:report")).statements,
  };
}

async function waitUntilReady(url, exited, timeoutMs = 180_000) {
  let hasExited = false;
  exited.then(() => (hasExited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error("the server exited before it was ready (its output is above)");
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready at ${url}/readyz within ${timeoutMs / 1000} s`);
}

async function freePort() {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}
