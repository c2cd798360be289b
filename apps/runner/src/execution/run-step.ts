import { spawn } from "node:child_process";
import { StringDecoder } from "node:string_decoder";
import { setTimeout as sleep } from "node:timers/promises";
import type { StepOutcome } from "@flowdeck/shared/runners/protocol";
import type { Shell } from "./shell.ts";
import { stopProcessTree, type StopLadder } from "./process-tree.ts";

export type OutputStream = "stdout" | "stderr";

/** Why a step is being stopped early; the abort reason of the signal given to `runStep`. */
export type StopReason = "cancelled" | "timed-out";

export type StepResult = {
  outcome: Extract<StepOutcome, "succeeded" | "failed" | "cancelled" | "timed-out">;
  exitCode: number | null;
  signal: string | null;
  /** The step's process id, which is also its process group id on Linux and macOS. */
  pid: number | null;
  /** Why the process could not be started, if it could not. */
  spawnError: string | null;
};

export type RunStepOptions = {
  command: string;
  shell: Shell;
  cwd: string;
  env: Record<string, string | undefined>;
  /** The step's own time limit; null for none. */
  timeoutMs: number | null;
  /** Aborting it stops the step's process tree; its reason ("cancelled" or "timed-out") is the outcome. */
  signal?: AbortSignal;
  onOutput: (stream: OutputStream, text: string) => void;
  onStart?: (pid: number) => void;
  ladder?: StopLadder;
};

/**
 * Once the shell has exited, how long to wait for the rest of its output. The pipes stay open while
 * a background process it started still runs, so the step cannot wait for them to close.
 */
const OUTPUT_GRACE_MS = 500;

/**
 * Runs one command in a fresh shell, in its own process group (detached), so that stopping it —
 * cancel or timeout — reaches every process it started. stdout and stderr are reported apart.
 */
export function runStep(options: RunStepOptions): Promise<StepResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: StepResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };

    const child = spawn(options.shell.file, options.shell.args(options.command), {
      cwd: options.cwd,
      env: options.env,
      // POSIX: the step leads a new process group. (On Windows `detached` would open a console.)
      detached: process.platform !== "win32",
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
      windowsVerbatimArguments: options.shell.verbatimArguments ?? false,
    });

    let stopReason: StopReason | null = null;
    let stopping: Promise<void> | null = null;
    const stop = (reason: StopReason) => {
      if (stopReason || child.pid === undefined) return;
      stopReason = reason;
      stopping = stopProcessTree(child.pid, options.ladder);
    };
    const onAbort = () => stop(options.signal?.reason === "timed-out" ? "timed-out" : "cancelled");
    const timer = options.timeoutMs === null ? null : setTimeout(() => stop("timed-out"), options.timeoutMs);

    const decoders = { stdout: new StringDecoder("utf8"), stderr: new StringDecoder("utf8") };
    const forward = (stream: OutputStream, text: string) => {
      if (text) options.onOutput(stream, text);
    };
    child.stdout.on("data", (chunk: Buffer) => forward("stdout", decoders.stdout.write(chunk)));
    child.stderr.on("data", (chunk: Buffer) => forward("stderr", decoders.stderr.write(chunk)));
    const outputClosed = new Promise<void>((resolveClosed) => child.on("close", () => resolveClosed()));

    const cleanUp = () => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    };

    child.on("error", (error) => {
      // The shell could not be started (missing, or the directory is gone): no process to wait for.
      if (child.pid !== undefined) return;
      cleanUp();
      finish({ outcome: "failed", exitCode: null, signal: null, pid: null, spawnError: error.message });
    });

    child.on("exit", async (exitCode, signal) => {
      cleanUp();
      await Promise.race([outputClosed, sleep(OUTPUT_GRACE_MS)]);
      // A cancelled step is over when its whole tree is, not when the shell is.
      if (stopping) await stopping;
      forward("stdout", decoders.stdout.end());
      forward("stderr", decoders.stderr.end());
      const outcome = stopReason ?? (exitCode === 0 ? "succeeded" : "failed");
      finish({ outcome, exitCode, signal, pid: child.pid ?? null, spawnError: null });
    });

    if (child.pid !== undefined) {
      options.onStart?.(child.pid);
      options.signal?.addEventListener("abort", onAbort, { once: true });
      if (options.signal?.aborted) onAbort();
    }
  });
}
