import type { RunLogChunk, RunLogPage } from "@flowdeck/shared/runners/schemas";
import { useEffect, useRef, useState } from "react";
import stripAnsi from "strip-ansi";
import { api } from "@/lib/api-client.ts";
import { runPath } from "../api/workflow-keys.ts";

export type LogLine = { stream: RunLogChunk["stream"]; text: string };
/** Each step's output as lines, by step position. */
export type StepLogs = ReadonlyMap<number, readonly LogLine[]>;

const PAGE = 2000;

/**
 * The run's output, fetched in order and kept: each time `version` changes (a live `run` event
 * refreshed the run), only the chunks after the last one held are fetched. ANSI escapes are
 * stripped: colours are not rendered, and nothing a command prints can style the page.
 */
export function useRunLog(orgId: string, runId: string, version: number) {
  const [logs, setLogs] = useState<{ lines: Map<number, LogLine[]>; count: number }>(() => ({
    lines: new Map(),
    count: 0,
  }));
  const cursor = useRef(0);
  const busy = useRef(false);
  const again = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The page is keyed by run, so `runId` never changes under one mounted hook.
  useEffect(() => {
    const load = async () => {
      if (busy.current) {
        again.current = true;
        return;
      }
      busy.current = true;
      try {
        do {
          again.current = false;
          for (;;) {
            const page = await api<RunLogPage>(runPath(orgId, runId, `/logs?after=${cursor.current}&limit=${PAGE}`));
            if (!mounted.current || page.items.length === 0) break;
            cursor.current = page.next;
            setLogs((previous) => append(previous, page.items));
            if (page.items.length < PAGE) break;
          }
        } while (again.current && mounted.current);
      } catch {
        // The next live event tries again.
      } finally {
        busy.current = false;
      }
    };
    void load();
  }, [orgId, runId, version]);

  return logs;
}

function append(previous: { lines: Map<number, LogLine[]>; count: number }, chunks: readonly RunLogChunk[]) {
  const lines = new Map(previous.lines);
  let count = previous.count;
  for (const chunk of chunks) {
    const step = [...(lines.get(chunk.position) ?? [])];
    const parts = stripAnsi(chunk.text).split("\n");
    const last = step.at(-1);
    // A line cut between two chunks of the same stream goes on where it stopped.
    if (last && !last.text.endsWith("\n") && last.stream === chunk.stream) {
      step[step.length - 1] = { ...last, text: last.text + parts.shift()! + (parts.length > 0 ? "\n" : "") };
    }
    parts.forEach((part, index) => {
      const final = index === parts.length - 1;
      if (final && part === "") return;
      step.push({ stream: chunk.stream, text: final ? part : `${part}\n` });
      count++;
    });
    lines.set(chunk.position, step);
  }
  return { lines, count };
}
