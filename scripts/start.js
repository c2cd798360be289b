// `npm start`: builds the web app and the server only when their sources changed since the last
// build, then runs the server. A restart with nothing changed skips the ~30 s build.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
/** What the build reads: a change to any file below these makes the next start build again. */
const INPUTS = ["apps/web", "apps/server", "packages/shared", "package-lock.json"];
const SKIPPED = new Set(["node_modules", "dist", "test", "data"]);
const OUTPUTS = ["apps/web/dist/index.html", "apps/server/dist/server.js"];
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
  console.log("Flowdeck: building the web app and the server…");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: ROOT,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, current);
}

await import(pathToFileURL(path.join(ROOT, "apps/server/dist/server.js")).href);
