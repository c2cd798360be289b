import type { RunLogPage } from "@flowdeck/shared/runners/schemas";
import { useEffect, useRef, useState } from "react";
import { api } from "@/lib/api-client.ts";
import { runPath } from "../api/workflow-keys.ts";
import { append, type LogLine } from "./log-lines.ts";

export type { LogLine };

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
