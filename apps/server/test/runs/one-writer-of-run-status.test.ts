import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The run has one home (docs/decisions/059): only `modules/runs/lifecycle.ts` changes a run's
 * status. The statements that write `workflow_runs.status` live in `modules/runs/repository.ts`,
 * and only the lifecycle calls them. Read from the sources, so a new writer anywhere fails here.
 */
const SRC = path.resolve(import.meta.dirname, "../../src");
const REPOSITORY = "modules/runs/repository.ts";
const LIFECYCLE = "modules/runs/lifecycle.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** The text of the call's parentheses starting at `open` (the index of its "("). */
function callArguments(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === "(") depth++;
    if (text[index] === ")" && --depth === 0) return text.slice(open + 1, index);
  }
  return text.slice(open + 1);
}

/** Each statement in `text` that writes a run's status: a Drizzle update or insert, or SQL. */
function statusWrites(text: string): string[] {
  const writes: string[] = [];
  for (const match of text.matchAll(/\.(update|insert)\(workflowRuns\)\s*\.(set|values)\(/g)) {
    const values = callArguments(text, match.index + match[0].length - 1);
    if (/\bstatus\b/.test(values)) writes.push(match[0]);
  }
  for (const match of text.matchAll(
    /(update\s+workflow_runs\s+set[^;`]*\bstatus\b|insert\s+into\s+workflow_runs\b)/gi,
  )) {
    writes.push(match[0]);
  }
  return writes;
}

/** The exported functions of the repository whose bodies write a run's status. */
function writerFunctions(text: string): string[] {
  const parts = text.split(/\nexport (?=async function|function)/);
  return parts.flatMap((part) => {
    const name = /^(?:async )?function (\w+)/.exec(part)?.[1];
    return name && statusWrites(part).length > 0 ? [name] : [];
  });
}

describe("one writer of a run's status", () => {
  const files = sourceFiles(SRC).map((file) => ({
    name: path.relative(SRC, file).split(path.sep).join("/"),
    text: readFileSync(file, "utf8"),
  }));

  it("finds the statements that write it in the runs repository only", () => {
    const writers = files.filter((file) => statusWrites(file.text).length > 0).map((file) => file.name);
    expect(writers).toEqual([REPOSITORY]);
  });

  it("lets only the lifecycle call them", () => {
    const repository = files.find((file) => file.name === REPOSITORY)!;
    const writers = writerFunctions(repository.text);
    expect(writers.sort()).toEqual([
      "claimQueuedRun",
      "insertRun",
      "insertTargets",
      "returnClaimedRun",
      "setRunEnded",
      "setRunReleased",
    ]);
    const callers = files
      .filter((file) => file.name !== REPOSITORY)
      .filter((file) => writers.some((name) => new RegExp(`\\b${name}\\b`).test(file.text)))
      .map((file) => file.name);
    expect(callers).toEqual([LIFECYCLE]);
  });

  it("would see a writer elsewhere (the search itself)", () => {
    expect(statusWrites(`await db.update(workflowRuns).set({ status: "failed" }).where(x)`)).toHaveLength(1);
    expect(statusWrites(`await db.update(workflowRuns).set({ pinned: true })`)).toHaveLength(0);
    expect(statusWrites("sql`update workflow_runs set status = 'lost'`")).toHaveLength(1);
    expect(statusWrites(`db.insert(workflowRuns).values({ id, status })`)).toHaveLength(1);
  });
});
