import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { isProcessAlive } from "../../src/execution/process-liveness.ts";
import { runStep, type OutputStream, type RunStepOptions } from "../../src/execution/run-step.ts";
import { chooseShell } from "../../src/execution/shell.ts";
import { ProcessTracker, waitFor } from "../helpers/processes.ts";

const processes = new ProcessTracker();
afterEach(() => processes.killAll());

function start(command: string, options: Partial<RunStepOptions> = {}) {
  const output: Record<OutputStream, string> = { stdout: "", stderr: "" };
  const result = runStep({
    command,
    shell: chooseShell(),
    cwd: os.tmpdir(),
    env: process.env,
    timeoutMs: null,
    onOutput: (stream, text) => (output[stream] += text),
    onStart: (pid) => processes.track(pid),
    ...options,
  });
  return { output, result };
}

/** The pids a step printed as "name=pid" lines. */
function printedPids(text: string, names: string[]): number[] | null {
  const pids = names.map((name) => Number(new RegExp(`${name}=(\\d+)`).exec(text)?.[1]));
  return pids.every((pid) => pid > 0) ? pids : null;
}

describe("a step", () => {
  it("runs a command in a shell and keeps stdout and stderr apart", async () => {
    const { output, result } = start("echo hello out; echo hello err >&2");
    expect(await result).toMatchObject({ outcome: "succeeded", exitCode: 0, signal: null });
    expect(output).toEqual({ stdout: "hello out\n", stderr: "hello err\n" });
  });

  it("fails with the command's exit code", async () => {
    const { result } = start("echo about to fail; exit 3");
    expect(await result).toMatchObject({ outcome: "failed", exitCode: 3 });
  });

  it("runs in the directory and with the environment it is given", async () => {
    const cwd = os.tmpdir();
    const { output, result } = start('pwd; echo "step=$FLOWDECK_STEP"', {
      cwd,
      env: { ...process.env, FLOWDECK_STEP: "2" },
    });
    expect((await result).outcome).toBe("succeeded");
    expect(output.stdout).toContain("step=2");
  });

  it("is cancelled with everything it started: the shell and its child are gone within 15 s", async () => {
    const cancel = new AbortController();
    const { output, result } = start('sleep 300 & echo "child=$!"; echo "shell=$$"; wait', { signal: cancel.signal });
    const pids = await waitFor(() => printedPids(output.stdout, ["shell", "child"]), 10_000, "the pids");
    processes.track(...pids);
    expect(pids.every(isProcessAlive)).toBe(true);

    const cancelledAt = Date.now();
    cancel.abort("cancelled");
    expect((await result).outcome).toBe("cancelled");
    await waitFor(() => pids.every((pid) => !isProcessAlive(pid)), 15_000 - (Date.now() - cancelledAt), "both gone");
    expect(Date.now() - cancelledAt).toBeLessThan(15_000);
  });

  it("times out after its own limit, and its process is gone", async () => {
    const startedAt = Date.now();
    const { output, result } = start('echo "shell=$$"; sleep 300', { timeoutMs: 300 });
    const outcome = await result;
    expect(outcome.outcome).toBe("timed-out");
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    const [shell] = printedPids(output.stdout, ["shell"])!;
    expect(isProcessAlive(shell!)).toBe(false);
  });

  it("is killed when it ignores SIGINT and SIGTERM (the ladder ends with SIGKILL)", async () => {
    const cancel = new AbortController();
    const { output, result } = start(`trap '' INT TERM; echo "shell=$$"; while true; do sleep 0.1; done`, {
      signal: cancel.signal,
      ladder: { interruptToTerminate: 300, terminateToKill: 300 },
    });
    const [shell] = await waitFor(() => printedPids(output.stdout, ["shell"]), 10_000, "the pid");
    cancel.abort("cancelled");
    expect(await result).toMatchObject({ outcome: "cancelled", signal: "SIGKILL" });
    expect(isProcessAlive(shell!)).toBe(false);
  });

  it("reports a run timeout given through its signal as timed out", async () => {
    const stop = new AbortController();
    const { result } = start("sleep 300", { signal: stop.signal });
    stop.abort("timed-out");
    expect((await result).outcome).toBe("timed-out");
  });

  it("fails, with the reason, when its shell cannot be started", async () => {
    const { result } = start("echo never", { cwd: "/no/such/directory/for/flowdeck" });
    const outcome = await result;
    expect(outcome.outcome).toBe("failed");
    expect(outcome.spawnError).toMatch(/ENOENT/);
  });
});
