import type { RunControl } from "@flowdeck/shared/runners/protocol";
import type { RunRecord } from "./repository.ts";

/**
 * What every answer about a run tells its runner (docs/runner-protocol.md): go on, or stop now —
 * because a person cancelled it, because the server gave it up as lost, or because it has ended
 * (timed out on the server's clock, or completed).
 */
export function controlFor(run: Pick<RunRecord, "status" | "cancelRequestedAt">): RunControl {
  if (run.status === "running" || run.status === "queued") {
    return run.cancelRequestedAt ? { cancel: true, reason: "cancelled" } : { cancel: false, reason: null };
  }
  if (run.status === "lost") return { cancel: true, reason: "lost" };
  if (run.status === "cancelled") return { cancel: true, reason: "cancelled" };
  return { cancel: true, reason: "finished" };
}
