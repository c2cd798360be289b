import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LogBatch } from "@flowdeck/shared/runners/protocol";
import { ApiError, UnreachableError } from "../../src/api/api-errors.ts";
import { LogBatcher, type SendFailure } from "../../src/execution/log-batcher.ts";

/**
 * Stands in for the server's side of POST /runs/:id/logs: stores each sequence number once,
 * answers the number it expects next, and can be told to lose the answer to a call.
 */
class LogReceiver {
  readonly stored = new Map<number, LogBatch["chunks"]>();
  readonly calls: LogBatch[] = [];
  failNext: "before-storing" | "after-storing" | null = null;

  send = async (batch: LogBatch): Promise<number> => {
    this.calls.push(structuredClone(batch));
    if (this.failNext === "before-storing") {
      this.failNext = null;
      throw new UnreachableError("ECONNRESET", "socket hang up");
    }
    if (!this.stored.has(batch.seq)) this.stored.set(batch.seq, batch.chunks);
    if (this.failNext === "after-storing") {
      this.failNext = null;
      throw new UnreachableError("ECONNRESET", "socket hang up");
    }
    return this.stored.size + 1;
  };

  text(): string {
    return [...this.stored.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([, chunks]) => chunks.map((chunk) => chunk.text))
      .join("");
  }
}

const retryWhenUnreachable = (error: unknown): SendFailure =>
  error instanceof UnreachableError ? { retry: true } : { retry: false };

function makeBatcher(receiver: LogReceiver, onSendError = retryWhenUnreachable) {
  return new LogBatcher({ send: receiver.send, onSendError, retryDelayMs: () => 1_000 });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the log batcher", () => {
  it("sends buffered output 500 ms after it arrived, as one batch", async () => {
    const receiver = new LogReceiver();
    const batcher = makeBatcher(receiver);
    batcher.write(0, "stdout", "one\n");
    await vi.advanceTimersByTimeAsync(200);
    batcher.write(0, "stdout", "two\n");
    batcher.write(0, "stderr", "oops\n");
    await vi.advanceTimersByTimeAsync(299);
    expect(receiver.calls).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(receiver.calls).toEqual([
      {
        seq: 1,
        chunks: [
          { position: 0, stream: "stdout", text: "one\ntwo\n" },
          { position: 0, stream: "stderr", text: "oops\n" },
        ],
      },
    ]);
  });

  it("sends at once when 64 KB are buffered, never more than 64 KB in a batch", async () => {
    const receiver = new LogReceiver();
    const batcher = makeBatcher(receiver);
    const line = `${"x".repeat(1023)}\n`;
    for (let index = 0; index < 70; index++) batcher.write(1, "stdout", line);
    await vi.advanceTimersByTimeAsync(0);
    expect(receiver.calls).toHaveLength(1);
    const firstBatchBytes = receiver.calls[0]!.chunks.reduce((sum, chunk) => sum + chunk.text.length, 0);
    expect(firstBatchBytes).toBe(64 * 1024);

    await vi.advanceTimersByTimeAsync(500);
    expect(receiver.calls.map((call) => call.seq)).toEqual([1, 2]);
    expect(receiver.text()).toBe(line.repeat(70));
  });

  it("never splits a character between batches", async () => {
    const receiver = new LogReceiver();
    const batcher = new LogBatcher({ send: receiver.send, onSendError: retryWhenUnreachable, batchBytes: 5 });
    batcher.write(0, "stdout", "aaaé€b");
    await batcher.flush();
    expect(receiver.calls.map((call) => call.chunks[0]!.text)).toEqual(["aaaé", "€b"]);
  });

  it("retries a batch whose answer was lost under the same number, so it is stored once", async () => {
    const receiver = new LogReceiver();
    const batcher = makeBatcher(receiver);
    receiver.failNext = "after-storing";
    batcher.write(0, "stdout", "only once\n");
    await vi.advanceTimersByTimeAsync(500);
    expect(receiver.calls.map((call) => call.seq)).toEqual([1]);

    batcher.write(0, "stdout", "later\n");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(receiver.calls.map((call) => call.seq)).toEqual([1, 1]);
    expect(receiver.calls[1]!.chunks).toEqual(receiver.calls[0]!.chunks);

    await vi.advanceTimersByTimeAsync(500);
    expect(receiver.calls.map((call) => call.seq)).toEqual([1, 1, 2]);
    expect(receiver.text()).toBe("only once\nlater\n");
  });

  it("keeps retrying while the server is down, and flush waits for the acknowledgement", async () => {
    const receiver = new LogReceiver();
    const batcher = makeBatcher(receiver);
    receiver.failNext = "before-storing";
    batcher.write(2, "stdout", "kept\n");
    let flushed = false;
    void batcher.flush().then(() => (flushed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(flushed).toBe(true);
    expect(receiver.text()).toBe("kept\n");
  });

  it("sends under the number the server expects after a gap", async () => {
    const sent: number[] = [];
    const batcher = new LogBatcher({
      send: async (batch) => {
        sent.push(batch.seq);
        if (batch.seq !== 4) throw new ApiError(409, "aborted", "Expected batch 4", { nextSeq: "4" });
        return 5;
      },
      onSendError: (error) =>
        error instanceof ApiError ? { retry: true, resendAs: Number(error.fields.nextSeq) } : { retry: false },
    });
    batcher.write(0, "stdout", "after a gap\n");
    await batcher.flush();
    expect(sent).toEqual([1, 4]);
    expect(batcher.sequence).toBe(5);
  });

  it("stops sending when told the run is gone", async () => {
    let calls = 0;
    const batcher = new LogBatcher({
      send: async () => {
        calls++;
        throw new ApiError(404, "not-found", "Run not found");
      },
      onSendError: () => ({ retry: false }),
    });
    batcher.write(0, "stdout", "nobody listens\n");
    await batcher.flush();
    batcher.write(0, "stdout", "more\n");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(1);
  });

  it("drops output beyond its buffer while the server is unreachable, and says how much", async () => {
    const receiver = new LogReceiver();
    receiver.failNext = "before-storing";
    const batcher = new LogBatcher({
      send: receiver.send,
      onSendError: retryWhenUnreachable,
      retryDelayMs: () => 1_000,
      maxBufferedBytes: 10,
    });
    batcher.write(0, "stdout", "0123456789");
    await vi.advanceTimersByTimeAsync(500);
    batcher.write(0, "stdout", "0123456789");
    batcher.write(0, "stdout", "lost");
    await vi.advanceTimersByTimeAsync(1_000);
    await batcher.flush();
    expect(receiver.text()).toBe(
      "0123456789[flowdeck-runner] 4 bytes of output were dropped while Flowdeck could not be reached.\n0123456789",
    );
  });
});
