import { execFileSync } from "node:child_process";
import path from "node:path";

/** Vitest global setup: the CLI tests run the program as it ships, so build it once first. */
export default function buildRunner(): void {
  execFileSync(process.execPath, ["build.js"], { cwd: path.resolve(import.meta.dirname, "../.."), stdio: "inherit" });
}
