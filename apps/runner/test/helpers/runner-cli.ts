import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { waitFor } from "./processes.ts";

export const RUNNER_BIN = path.resolve(import.meta.dirname, "../../bin/flowdeck-runner.js");

export type RunnerProcess = {
  child: ChildProcess;
  pid: number;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
};

/** Starts the built `flowdeck-runner` as a separate process, as a person would. */
export function startRunner(args: string[], env: Record<string, string> = {}): RunnerProcess {
  return startProgram(RUNNER_BIN, args, env);
}

/** Starts a built program of this package (`bin`) as a separate process, without a terminal. */
export function startProgram(bin: string, args: string[], env: Record<string, string> = {}): RunnerProcess {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.on("close", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  return {
    child,
    pid: child.pid!,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitForOutput: (pattern, timeoutMs = 15_000) =>
      waitFor(() => pattern.exec(stdout + stderr)?.[0], timeoutMs, `output matching ${pattern}`),
  };
}

/** Runs a command to its end. */
export async function runRunner(args: string[], env: Record<string, string> = {}) {
  const runner = startRunner(args, env);
  const code = await runner.exited;
  return { code, stdout: runner.stdout(), stderr: runner.stderr() };
}
