import { AppError } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import { storableOutput } from "@flowdeck/shared/runners/output-text";
import type { LogBatch, LogBatchResponse, LogChunk } from "@flowdeck/shared/runners/protocol";
import { transact, type RunnerScope } from "../../lib/change-log.ts";
import { controlFor } from "./control.ts";
import { findRunOfRunner, insertLogChunks, recordLogBatch, type NewLogChunk } from "./repository.ts";
import { maskerForRun } from "../secrets/for-runs.ts";

type StoreLogs = {
  /** The runner sending its run's output. */
  scope: RunnerScope;
  runId: string;
  batch: LogBatch;
  leaseMs: number;
  /** The run's cap: output past it is dropped, after one truncation marker. */
  maxBytes: number;
};

/**
 * POST /runs/:runId/logs. Batches are stored strictly in sequence, under the run's lock: the
 * expected batch is stored and the next one expected; one already stored is acknowledged again
 * and not stored twice; one after a gap is refused with 409 and the number to resend from.
 * Output is not a change anyone made: no audit row and nothing on the organization's stream; the
 * run's viewers hear `{ runId, seq }` after the commit (the run stream, docs/decisions/059).
 * The run row is written once per batch: its next sequence, bytes, truncation and lease together.
 */
export async function storeLogBatch({ scope, runId, batch, leaseMs, maxBytes }: StoreLogs): Promise<LogBatchResponse> {
  const result = await transact(scope, async (tx, log) => {
    const run = await findRunOfRunner(tx, runId, scope.actor.runnerId, { lock: true });
    if (!run) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
    if (batch.seq < run.nextLogSeq) return { run, nextSeq: run.nextLogSeq, stored: false };
    if (batch.seq > run.nextLogSeq) {
      throw new AppError("aborted", RUNNER_MESSAGES.logGap, { nextSeq: String(run.nextLogSeq) });
    }
    // Output is data whatever bytes it held: NUL and lone surrogates are stored as U+FFFD. The
    // runner masked the run's secrets; masking again here means an older runner cannot leak them.
    const masker = await maskerForRun(tx, run);
    const chunks = batch.chunks.map((chunk) => {
      const text = storableOutput(chunk.text);
      return { ...chunk, text: masker ? masker.mask(text) : text };
    });
    const capped = capChunks(chunks, { used: run.logBytes, truncated: run.logTruncated, maxBytes });
    const stored = await insertLogChunks(tx, runId, batch.seq, capped.rows);
    await recordLogBatch(tx, runId, {
      nextLogSeq: batch.seq + 1,
      logBytes: capped.used,
      logTruncated: capped.truncated,
      // Only a running run's lease runs on (the runner may send its last batch after the end).
      leaseExpiresAt: run.status === "running" ? new Date(Date.now() + leaseMs) : null,
    });
    const last = stored.at(-1);
    if (last) log.signalRun({ runId, seq: last.id });
    const grown = capped.used - run.logBytes;
    log.measure((metrics) => metrics.logBytesStored(grown));
    return { run, nextSeq: batch.seq + 1 };
  });
  return { ...controlFor(result.run), nextSeq: result.nextSeq };
}

/** The chunks that fit under the cap, cut at the limit, then one system line saying so. */
export function capChunks(chunks: readonly LogChunk[], state: { used: number; truncated: boolean; maxBytes: number }) {
  let { used, truncated } = state;
  const rows: NewLogChunk[] = [];
  for (const chunk of chunks) {
    if (truncated) break;
    const bytes = Buffer.byteLength(chunk.text, "utf8");
    if (used + bytes <= state.maxBytes) {
      rows.push({ ...chunk, bytes });
      used += bytes;
      continue;
    }
    const room = state.maxBytes - used;
    if (room > 0) {
      // Cut on a character boundary: a half character would decode as U+FFFD.
      const text = Buffer.from(chunk.text, "utf8")
        .subarray(0, room)
        .toString("utf8")
        .replace(/\uFFFD+$/, "");
      const kept = Buffer.byteLength(text, "utf8");
      if (text) rows.push({ ...chunk, text, bytes: kept });
      used += kept;
    }
    const marker = RUNNER_MESSAGES.logTruncated(Math.round((state.maxBytes / (1024 * 1024)) * 1000) / 1000);
    rows.push({ position: chunk.position, stream: "system", text: `${marker}\n`, bytes: 0 });
    truncated = true;
  }
  return { rows, used, truncated };
}
