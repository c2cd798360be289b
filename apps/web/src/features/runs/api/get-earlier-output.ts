import type { RunLogChunk, RunLogPage } from "@flowdeck/shared/runs/schemas";
import { api } from "@/lib/api-client.ts";
import { runPath } from "./run-keys.ts";

const PAGE = 5_000;

/** The output the run stream left out before its tail: every chunk up to `until`, in order. */
export async function getEarlierOutput(orgId: string, runId: string, until: number): Promise<RunLogChunk[]> {
  const chunks: RunLogChunk[] = [];
  for (let after = 0; ;) {
    const page = await api<RunLogPage>(runPath(orgId, runId, `/logs?after=${after}&until=${until}&limit=${PAGE}`));
    chunks.push(...page.items);
    if (page.items.length < PAGE) return chunks;
    after = page.next;
  }
}
