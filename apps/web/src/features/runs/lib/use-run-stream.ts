import type { RunDetail, RunLogChunk, RunLogEarlier } from "@flowdeck/shared/runs/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { getEarlierOutput } from "../api/get-earlier-output.ts";
import { runKeys, runPath } from "../api/run-keys.ts";
import { append, prepend, type LogLine } from "./log-lines.ts";

export type { LogLine };

const MAX_RETRY_MS = 30_000;
/**
 * The output a run view starts with, from its end: a few thousand lines. A phone on a slow link
 * shows the run at once instead of after the whole output (1.3 MB for 20,000 lines); the rest
 * loads when the reader asks (bench/README.md, 29 November 2026).
 */
const TAIL_BYTES = 256 * 1024;

/** The output before the tail: what each step left out, and its loading. */
export type EarlierOutput = RunLogEarlier & { loading: boolean; error: string | null; load: () => void };

/**
 * The run view's one source (GET …/runs/:runId/stream): the run's state, kept in the run's query
 * (so Cancel and Pin see it too), and its output, each chunk once and in order, the tail first:
 * `earlier` says what was left out, and `load` reads it (GET …/logs?until=). The browser resumes a
 * dropped stream after the last chunk it holds (Last-Event-ID); when the server refused the
 * stream, it is opened again with backoff from that chunk. ANSI escapes are stripped: colours are
 * not rendered, and nothing a command prints can style the page. The stream opens once `enabled`
 * (the run view opens it after its first paint).
 */
export function useRunStream(orgId: string, runId: string, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [logs, setLogs] = useState<{ lines: Map<number, LogLine[]>; count: number }>(() => ({
    lines: new Map(),
    count: 0,
  }));
  const [left, setLeft] = useState<RunLogEarlier | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The page is keyed by run, so `runId` never changes under one mounted hook.
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let cursor = 0;
    let delay = 1_000;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      // Only a stream opened at the start leaves the earlier output out; one resumed goes on.
      const tail = cursor === 0 ? `&tail=${TAIL_BYTES}` : "";
      source = new EventSource(runPath(orgId, runId, `/stream?after=${cursor}${tail}`));
      source.addEventListener("run", (message) => {
        delay = 1_000;
        const run = JSON.parse((message as MessageEvent<string>).data) as RunDetail;
        queryClient.setQueryData(runKeys.run(orgId, runId), run);
      });
      source.addEventListener("earlier", (message) => {
        const earlier = JSON.parse((message as MessageEvent<string>).data) as RunLogEarlier;
        cursor = Math.max(cursor, earlier.until);
        setLeft(earlier);
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
  }, [orgId, runId, queryClient, enabled]);

  const until = left?.until;
  const load = useCallback(() => {
    if (until === undefined || loading) return;
    setLoading(true);
    setError(null);
    getEarlierOutput(orgId, runId, until).then(
      (chunks) => {
        setLogs((previous) => prepend(previous, chunks));
        setLeft(null);
        setLoading(false);
      },
      (failure: unknown) => {
        setError(failure instanceof Error ? failure.message : String(failure));
        setLoading(false);
      },
    );
  }, [orgId, runId, until, loading]);

  const earlier: EarlierOutput | null = left && { ...left, loading, error, load };
  return { ...logs, earlier };
}
