import { setTimeout as sleep } from "node:timers/promises";
import { isRetryable, ApiError } from "./api-errors.ts";

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 60_000;

/**
 * Exponential backoff with jitter: 1 s doubling to 60 s, each delay drawn between half and all of
 * it, so runners that lost the server together do not all come back in the same instant.
 */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export type RetryOptions = {
  /** Stops the waiting (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Told before each wait, so the program can say what it is waiting for. */
  onRetry?: (error: unknown, delayMs: number, attempt: number) => void;
  delayMs?: (attempt: number) => number;
  /** Which errors are worth waiting out; by default those `isRetryable` names. */
  retryIf?: (error: unknown) => boolean;
};

/** Calls `call` until it succeeds or fails with an error that waiting will not fix. */
export async function retrying<T>(call: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const delayFor = options.delayMs ?? backoffDelayMs;
  for (let attempt = 0; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      return await call();
    } catch (error) {
      if (!(options.retryIf ?? isRetryable)(error) || options.signal?.aborted) throw error;
      const retryAfterMs =
        error instanceof ApiError && error.retryAfterSeconds !== null
          ? Math.min(MAX_DELAY_MS, error.retryAfterSeconds * 1000)
          : 0;
      const delay = Math.max(delayFor(attempt), retryAfterMs);
      options.onRetry?.(error, delay, attempt);
      await sleep(delay, undefined, { signal: options.signal });
    }
  }
}
