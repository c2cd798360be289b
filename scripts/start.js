// `npm start`: builds the web app and the server only when their sources changed since the last
// build, then runs the server in this same process. A restart with nothing changed skips the
// ~30 s build. package.json's script is `exec node scripts/start.js`: without the exec, npm's
// shell (dash on Debian) would take npm's SIGTERM and die, leaving the server running.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
/** What the build reads: a change to any file below these makes the next start build again. */
const INPUTS = ["apps/web", "apps/server", "apps/runner", "packages/shared", "package-lock.json"];
const SKIPPED = new Set(["node_modules", "dist", "test", "data"]);
// The runner package the server serves (GET /runner/flowdeck-runner.tgz) is built with it.
const OUTPUTS = ["apps/web/dist/index.html", "apps/server/dist/server.js", "apps/runner/dist/flowdeck-runner.tgz"];
const STAMP = path.join(ROOT, "node_modules/.cache/flowdeck/build-stamp");

/** A fingerprint of every input file's path, size and modification time: cheap, no reading. */
function fingerprint() {
  const hash = createHash("sha256");
  const visit = (relative) => {
    const full = path.join(ROOT, relative);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) if (!SKIPPED.has(name)) visit(path.join(relative, name));
      return;
    }
    hash.update(`${relative}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  INPUTS.forEach(visit);
  return hash.digest("hex");
}

const current = fingerprint();
const built = existsSync(STAMP) ? readFileSync(STAMP, "utf8") : "";
const outputsExist = OUTPUTS.every((file) => existsSync(path.join(ROOT, file)));

if (current === built && outputsExist) {
  console.log("Flowdeck: the build is up to date.");
} else {
  console.log("Flowdeck: building the web app, the server and the runner it serves…");
  const status = await build();
  if (status !== 0) process.exit(status);
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, current);
}

/** `npm run build`; SIGINT or SIGTERM meanwhile stops the build too, and then this process. */
async function build() {
  const child = spawn("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", shell: process.platform === "win32" });
  const forward = (signal) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  const [code, signal] = await once(child, "exit");
  process.off("SIGINT", forward);
  process.off("SIGTERM", forward);
  return code ?? 128 + (os.constants.signals[signal] ?? 0);
}

// Under `npm start`, npm holds this process (the script execs it, so npm's SIGINT and SIGTERM
// reach the server). Should npm die without passing a signal on (SIGKILL), the server stops as if
// told to, rather than live on as an orphan that keeps the data directory.
if (process.env.npm_lifecycle_event === "start") {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
  }, 1_000).unref();
}

// The server (apps/server/src/server.ts) handles SIGINT and SIGTERM itself: it stops accepting,
// finishes what is in flight, closes the database and releases the data directory.
await import(pathToFileURL(path.join(ROOT, "apps/server/dist/server.js")).href);
