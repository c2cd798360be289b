import type { LiveEvent } from "@flowdeck/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { orgKey, orgPath } from "@/lib/org-api.ts";

const MAX_DELAY_MS = 30_000;

/**
 * Listens to the organization's change stream and invalidates the matching queries: every
 * org-scoped query key starts with orgKey(orgId, entity). Reconnects with backoff, and after a
 * reconnect refreshes everything, since events may have been missed meanwhile.
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
        void queryClient.invalidateQueries({ queryKey: orgKey(orgId, event.entity) });
        // A run belongs to its workflow: a ticked step or a status change (workflow events) shows
        // on the run view, and a runner's claim or output (run events) in the workflow's run lists.
        if (event.entity === "workflow") void queryClient.invalidateQueries({ queryKey: orgKey(orgId, "run") });
        if (event.entity === "run") {
          void queryClient.invalidateQueries({ queryKey: orgKey(orgId, "workflow", "runs") });
          void queryClient.invalidateQueries({ queryKey: orgKey(orgId, "workflow", "history") });
        }
        // The dashboard's overview counts every kind of thing, and every change has its audit entry.
        void queryClient.invalidateQueries({ queryKey: orgKey(orgId, "organization", "overview") });
        void queryClient.invalidateQueries({ queryKey: orgKey(orgId, "audit") });
        if (event.entity === "organization" || event.entity === "member") {
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
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
