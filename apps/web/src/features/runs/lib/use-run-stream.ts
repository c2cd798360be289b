import type { RunLogChunk } from "@flowdeck/shared/runs/schemas";
import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { runKeys, runPath } from "../api/run-keys.ts";
import { append, type LogLine } from "./log-lines.ts";

export type { LogLine };

const MAX_RETRY_MS = 30_000;

/**
 * The run view's one source (GET …/runs/:runId/stream): the run's state, kept in the run's query
 * (so Cancel and Pin see it too), and its output, each chunk once and in order. The browser
 * resumes a dropped stream after the last chunk it holds (Last-Event-ID); when the server refused
 * the stream, it is opened again with backoff from that chunk. ANSI escapes are stripped: colours
 * are not rendered, and nothing a command prints can style the page.
 */
export function useRunStream(orgId: string, runId: string) {
  const queryClient = useQueryClient();
  const [logs, setLogs] = useState<{ lines: Map<number, LogLine[]>; count: number }>(() => ({
    lines: new Map(),
    count: 0,
  }));

  // The page is keyed by run, so `runId` never changes under one mounted hook.
  useEffect(() => {
    let source: EventSource | null = null;
    let cursor = 0;
    let delay = 1_000;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      source = new EventSource(runPath(orgId, runId, `/stream?after=${cursor}`));
      source.addEventListener("run", (message) => {
        delay = 1_000;
        const run = JSON.parse((message as MessageEvent<string>).data) as RunDetail;
        queryClient.setQueryData(runKeys.run(orgId, runId), run);
      });
      source.addEventListener("log", (message) => {
        const { items } = JSON.parse((message as MessageEvent<string>).data) as { items: RunLogChunk[] };
        const newer = items.filter((item) => item.id > cursor);
        if (newer.length === 0) return;
        cursor = newer.at(-1)!.id;
        setLogs((previous) => append(previous, newer));
      });
      source.onerror = () => {
        // A dropped connection is resumed by the browser itself; a refused one is closed for good.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        retryTimer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [orgId, runId, queryClient]);

  return logs;
}
