import { LIVE_REFRESH, type LiveEvent } from "@flowdeck/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { orgKey, orgPath } from "@/lib/org-api.ts";

const MAX_DELAY_MS = 30_000;

/**
 * Listens to the organization's change stream and invalidates the families of cached reads each
 * change refreshes, from the one table both sides share (LIVE_REFRESH). Reconnects with backoff,
 * and after a reconnect refreshes everything, since events may have been missed meanwhile.
 */
export function useLiveUpdates(orgId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!orgId) return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let delay = 1000;
    let connectedBefore = false;
    let stopped = false;

    const connect = () => {
      source = new EventSource(orgPath(orgId, `events`));
      source.onopen = () => {
        if (connectedBefore) void queryClient.invalidateQueries({ queryKey: orgKey(orgId) });
        connectedBefore = true;
        delay = 1000;
      };
      source.addEventListener("change", (message) => {
        const event = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
        for (const family of LIVE_REFRESH[event.entity] ?? []) {
          const queryKey = family === "me" ? meQueryKey : orgKey(orgId, family);
          void queryClient.invalidateQueries({ queryKey });
        }
      });
      source.onerror = () => {
        source?.close();
        if (stopped) return;
        retryTimer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, MAX_DELAY_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [orgId, queryClient]);
}
