import { setTimeout as sleep } from "node:timers/promises";
import { isProcessAlive } from "../../src/execution/process-liveness.ts";

/** Pids a test started; `killAll` (in afterEach) SIGKILLs those still running. */
export class ProcessTracker {
  private readonly pids = new Set<number>();

  track(...pids: number[]): void {
    for (const pid of pids) this.pids.add(pid);
  }

  killAll(): void {
    for (const pid of this.pids) {
      if (isProcessAlive(pid)) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
    this.pids.clear();
  }
}

/** Polls `condition` until it holds; fails after `timeoutMs`. */
export async function waitFor<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  what = "condition",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * A step's shell line that prints its pid ("shell=<pid>", for the test to track) and waits for
 * `file` to appear: the test's condition to release the step. It gives up after about a minute and
 * fails, so a test that never releases it leaves no shell behind.
 */
export function waitForFileLine(file: string): string {
  return `echo "shell=$$"; for i in $(seq 1200); do [ -e '${file}' ] && break; sleep 0.05; done; [ -e '${file}' ]`;
}
