import { readdirSync, readFileSync } from "node:fs";

/**
 * Whether processes still run. On Linux a killed process whose parent is gone stays a zombie until
 * PID 1 reaps it, and many containers' PID 1 never does; a zombie runs nothing, so it counts as
 * gone. /proc tells zombies apart; elsewhere `kill(pid, 0)` is the answer.
 */

type ProcStat = { state: string; processGroup: number };

function readProcStat(pid: number | string): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (command) state ppid pgrp …": the command may hold spaces and parentheses.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", processGroup: Number(fields[2]) };
  } catch {
    return null;
  }
}

const isDead = (state: string) => state === "Z" || state === "X" || state === "x";

function signalZeroSucceeds(target: number): boolean {
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function isProcessAlive(pid: number): boolean {
  if (!signalZeroSucceeds(pid)) return false;
  if (process.platform !== "linux") return true;
  const stat = readProcStat(pid);
  return stat !== null && !isDead(stat.state);
}

/** Whether any process of the POSIX process group `groupId` still runs. */
export function isProcessGroupAlive(groupId: number): boolean {
  if (!signalZeroSucceeds(-groupId)) return false;
  if (process.platform !== "linux") return true;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return true;
  }
  return entries.some((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    const stat = readProcStat(entry);
    return stat !== null && stat.processGroup === groupId && !isDead(stat.state);
  });
}
