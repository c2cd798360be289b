import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * Vitest global setup: the process tests run the server as it ships (dist/server.js), built once
 * here. Loading the bundle takes about a second; loading the sources through tsx took four, and
 * several times that when the tests' servers started side by side.
 */
export default function buildServer(): void {
  execFileSync(process.execPath, ["build.js"], { cwd: path.resolve(import.meta.dirname, "../.."), stdio: "inherit" });
}
