import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { STOP_LADDER_MS } from "@flowdeck/shared/runners/protocol";
import { isProcessAlive, isProcessGroupAlive } from "./process-liveness.ts";

export type StopLadder = { interruptToTerminate: number; terminateToKill: number };

const POLL_MS = 100;
/** After SIGKILL, how long to wait for the kernel to take the processes away. */
const AFTER_KILL_MS = 2_000;

/** Polls `gone` until it is true or `ms` have passed; true when it went. */
async function waitUntil(gone: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!gone()) {
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(POLL_MS, Math.max(1, deadline - Date.now())));
  }
  return true;
}

function signalGroup(groupId: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-groupId, signal);
    return true;
  } catch {
    return false;
  }
}

function taskkill(pid: number, force: boolean): Promise<void> {
  return new Promise((resolve) => {
    const args = ["/PID", String(pid), "/T", ...(force ? ["/F"] : [])];
    const child = spawn("taskkill", args, { stdio: "ignore", windowsHide: true });
    child.on("error", () => resolve());
    child.on("exit", () => resolve());
  });
}

/**
 * Stops a step's whole process tree, as GitHub Actions' runner does: the step was spawned as the
 * leader of its own process group, so the group gets SIGINT (programs clean up), then SIGTERM after
 * 7.5 s, then SIGKILL 2.5 s later. A shell's background children ignore SIGINT, which is why the
 * later signals go to the group too, not only to the shell. Windows has no groups to signal:
 * `taskkill /T` walks the tree from the step's process, then `/F` forces it.
 * Resolves once nothing of the tree runs (or SIGKILL was sent and waited for).
 */
export async function stopProcessTree(pid: number, ladder: StopLadder = STOP_LADDER_MS): Promise<void> {
  if (process.platform === "win32") {
    await taskkill(pid, false);
    if (await waitUntil(() => !isProcessAlive(pid), ladder.interruptToTerminate)) return;
    await taskkill(pid, true);
    await waitUntil(() => !isProcessAlive(pid), ladder.terminateToKill);
    return;
  }
  const gone = () => !isProcessGroupAlive(pid);
  if (!signalGroup(pid, "SIGINT")) return;
  if (await waitUntil(gone, ladder.interruptToTerminate)) return;
  signalGroup(pid, "SIGTERM");
  if (await waitUntil(gone, ladder.terminateToKill)) return;
  signalGroup(pid, "SIGKILL");
  await waitUntil(gone, AFTER_KILL_MS);
}

/**
 * Ends what a finished step left running in its process group (`server &`), at the end of the run:
 * SIGTERM, then SIGKILL after 2.5 s. The step already ended, so there is no one to interrupt.
 * (On Windows the tree cannot be found once the step's own process has exited.)
 */
export async function stopLeftovers(groupId: number, terminateToKill = STOP_LADDER_MS.terminateToKill): Promise<void> {
  if (process.platform === "win32") return;
  const gone = () => !isProcessGroupAlive(groupId);
  if (gone() || !signalGroup(groupId, "SIGTERM")) return;
  if (await waitUntil(gone, terminateToKill)) return;
  signalGroup(groupId, "SIGKILL");
  await waitUntil(gone, AFTER_KILL_MS);
}

/** Process groups of steps whose runs are under way, for `killEverything`. */
const liveGroups = new Set<number>();

export function trackStepGroup(groupId: number): void {
  liveGroups.add(groupId);
}

export function untrackStepGroup(groupId: number): void {
  liveGroups.delete(groupId);
}

/** SIGKILLs every step's process tree at once: the runner is exiting without waiting. */
export function killEverything(): void {
  for (const groupId of liveGroups) {
    if (process.platform === "win32") spawn("taskkill", ["/PID", String(groupId), "/T", "/F"], { stdio: "ignore" });
    else signalGroup(groupId, "SIGKILL");
  }
  liveGroups.clear();
}
