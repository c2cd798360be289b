import {
  RUNNER_LIMITS,
  RUNNER_TIMINGS,
  type LogBatch,
  type LogChunk,
  type LogStream,
} from "@flowdeck/shared/runners/protocol";
import { storableOutput } from "@flowdeck/shared/runners/output-text";
import { backoffDelayMs } from "../api/backoff.ts";

/**
 * What to do after a failed send: try the same batch again, under a new number, give up (the run
 * is over for this runner), or leave this batch out because the server refused its content
 * (`refused`: why, for the system line put in its place).
 */
export type SendFailure = { retry: true; resendAs?: number } | { retry: false; refused?: string };

export type LogBatcherOptions = {
  /** Sends one batch; resolves with the sequence number the server expects next. */
  send: (batch: LogBatch) => Promise<number>;
  /** Decides about a failed send (the run's error policy: retry, renumber after a gap, abandon). */
  onSendError: (error: unknown) => SendFailure;
  flushMs?: number;
  batchBytes?: number;
  /** Output kept while the server cannot be reached; beyond it output is dropped, and the log says so. */
  maxBufferedBytes?: number;
  retryDelayMs?: (attempt: number) => number;
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const byteLength = (text: string) => Buffer.byteLength(text, "utf8");
const REFUSED_NOTE = "[flowdeck-runner] Flowdeck refused";

/** Cuts `text` to at most `bytes` UTF-8 bytes without splitting a character. */
function splitAtBytes(text: string, bytes: number): [string, string] {
  const buffer = Buffer.from(text, "utf8");
  if (buffer.length <= bytes) return [text, ""];
  let cut = bytes;
  while (cut > 0 && (buffer[cut]! & 0xc0) === 0x80) cut--;
  return [buffer.subarray(0, cut).toString("utf8"), buffer.subarray(cut).toString("utf8")];
}

/**
 * A run's output on its way to the server as numbered batches (docs/runner-protocol.md): sent every
 * 500 ms while there is output, or as soon as 64 KB are buffered; one batch at a time, in order; a
 * failed batch is sent again under the same number until the server acknowledges it, so the
 * server (which stores each number once) never stores it twice.
 */
export class LogBatcher {
  private readonly flushMs: number;
  private readonly batchBytes: number;
  private readonly maxBufferedBytes: number;
  private pending: LogChunk[] = [];
  private pendingBytes = 0;
  private droppedBytes = 0;
  private droppedPosition = 0;
  /** Batches the server refused for their content, said in the log by one system line in their place. */
  private refused: { bytes: number; position: number; reason: string } | null = null;
  private nextSeq = 1;
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: LogBatcherOptions) {
    this.flushMs = options.flushMs ?? RUNNER_TIMINGS.logFlushMs;
    this.batchBytes = options.batchBytes ?? RUNNER_TIMINGS.logBatchBytes;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 16 * 1024 * 1024;
  }

  /** The sequence number the next batch gets. */
  get sequence(): number {
    return this.nextSeq;
  }

  write(position: number, stream: LogStream, raw: string): void {
    if (this.stopped || !raw) return;
    // Output is data whatever bytes it held (find -print0, binary files, UTF-16): NUL becomes U+FFFD.
    const text = storableOutput(raw);
    const bytes = byteLength(text);
    if (this.pendingBytes + bytes > this.maxBufferedBytes) {
      if (this.droppedBytes === 0) this.droppedPosition = position;
      this.droppedBytes += bytes;
      return;
    }
    const last = this.pending.at(-1);
    if (
      last &&
      last.position === position &&
      last.stream === stream &&
      last.text.length + text.length <= RUNNER_LIMITS.batchText
    ) {
      last.text += text;
    } else {
      this.pending.push({ position, stream, text });
    }
    this.pendingBytes += bytes;
    if (this.pendingBytes >= this.batchBytes) this.startSending();
    else this.timer ??= setTimeout(() => this.startSending(), this.flushMs);
  }

  /** Sends everything buffered now and resolves once the server has all of it (or the batcher stopped). */
  async flush(): Promise<void> {
    while (!this.stopped && (this.pending.length > 0 || this.droppedBytes > 0 || this.refused || this.sending)) {
      this.startSending(true);
      await this.sending;
    }
  }

  /** Drops what is buffered and sends nothing more (the run was abandoned). */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
    this.pending = [];
    this.pendingBytes = 0;
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private startSending(everything = false): void {
    this.clearTimer();
    if (this.sending) return;
    this.sending = this.sendLoop(everything).finally(() => {
      this.sending = null;
      // Output that arrived while the last batch was on its way waits for its own flush time.
      if (!this.stopped && (this.pending.length > 0 || this.refused)) {
        if (this.pendingBytes >= this.batchBytes) this.startSending();
        else this.timer ??= setTimeout(() => this.startSending(), this.flushMs);
      }
    });
  }

  private async sendLoop(everything: boolean): Promise<void> {
    do {
      const chunks = this.takeBatch();
      if (chunks.length === 0) return;
      await this.deliver(chunks);
    } while (!this.stopped && (everything || this.pendingBytes >= this.batchBytes));
  }

  /** Takes up to `batchBytes` (and the protocol's chunk limit) off the front of the buffer. */
  private takeBatch(): LogChunk[] {
    const chunks: LogChunk[] = [];
    if (this.droppedBytes > 0) {
      chunks.push({
        position: this.droppedPosition,
        stream: "system",
        text: `[flowdeck-runner] ${this.droppedBytes} bytes of output were dropped while Flowdeck could not be reached.\n`,
      });
      this.droppedBytes = 0;
    }
    if (this.refused) {
      const { bytes, position, reason } = this.refused;
      chunks.push({ position, stream: "system", text: `${REFUSED_NOTE} ${bytes} bytes of output: ${reason}\n` });
      this.refused = null;
    }
    let room = this.batchBytes;
    while (this.pending.length > 0 && room > 0 && chunks.length < RUNNER_LIMITS.batchChunks) {
      const chunk = this.pending[0]!;
      const [head, rest] = splitAtBytes(chunk.text, room);
      if (!head) break;
      chunks.push({ ...chunk, text: head });
      const taken = byteLength(head);
      room -= taken;
      this.pendingBytes -= taken;
      if (rest) chunk.text = rest;
      else this.pending.shift();
    }
    return chunks;
  }

  /**
   * The server refused this batch for what it holds: it is left out, and the next batch, under
   * the same number, starts with a system line saying so. A refused batch of such lines alone is
   * dropped without another, so a server that refuses everything cannot keep the runner busy.
   */
  private leaveOut(chunks: LogChunk[], reason: string): void {
    const output = chunks.filter((chunk) => !(chunk.stream === "system" && chunk.text.startsWith(REFUSED_NOTE)));
    if (output.length === 0) return;
    const bytes = output.reduce((sum, chunk) => sum + byteLength(chunk.text), 0);
    this.refused = {
      bytes: (this.refused?.bytes ?? 0) + bytes,
      position: this.refused?.position ?? output[0]!.position,
      reason,
    };
  }

  private async deliver(chunks: LogChunk[]): Promise<void> {
    let seq = this.nextSeq;
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        const expected = await this.options.send({ seq, chunks });
        this.nextSeq = Math.max(seq + 1, expected);
        return;
      } catch (error) {
        const decision = this.options.onSendError(error);
        if (!decision.retry && decision.refused !== undefined) {
          this.leaveOut(chunks, decision.refused);
          return;
        }
        if (!decision.retry) {
          this.stop();
          return;
        }
        // After a gap the server names the number it expects: send this batch under it at once.
        if (decision.resendAs !== undefined && decision.resendAs !== seq) seq = decision.resendAs;
        else await pause((this.options.retryDelayMs ?? backoffDelayMs)(attempt));
      }
    }
  }
}
