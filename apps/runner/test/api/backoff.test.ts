import { describe, expect, it } from "vitest";
import { ApiError, UnreachableError } from "../../src/api/api-errors.ts";
import { backoffDelayMs, retrying } from "../../src/api/backoff.ts";

describe("backoff", () => {
  it("doubles from 1 s to at most 60 s, with jitter between half and all of each step", () => {
    const lowest = [0, 1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => backoffDelayMs(attempt, () => 0));
    const highest = [0, 1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => backoffDelayMs(attempt, () => 1));
    expect(highest).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(lowest).toEqual(highest.map((delay) => delay / 2));
  });

  it("retries what waiting can fix, and nothing else", async () => {
    const failures = [new UnreachableError("ECONNREFUSED", "refused"), new ApiError(503, "unavailable", "down")];
    const waits: number[] = [];
    const answer = await retrying(
      async () => {
        const failure = failures.shift();
        if (failure) throw failure;
        return "ok";
      },
      { delayMs: () => 1, onRetry: (_error, delayMs) => waits.push(delayMs) },
    );
    expect(answer).toBe("ok");
    expect(waits).toEqual([1, 1]);

    let calls = 0;
    const refused = retrying(
      async () => {
        calls++;
        throw new ApiError(401, "unauthenticated", "revoked");
      },
      { delayMs: () => 1 },
    );
    await expect(refused).rejects.toThrow("revoked");
    expect(calls).toBe(1);
  });

  it("waits at least as long as the server's Retry-After", async () => {
    const waits: number[] = [];
    let first = true;
    await retrying(
      async () => {
        if (!first) return null;
        first = false;
        throw new ApiError(429, "resource-exhausted", "slow down", {}, 0.05);
      },
      { delayMs: () => 1, onRetry: (_error, delayMs) => waits.push(delayMs) },
    );
    expect(waits).toEqual([50]);
  });
});
