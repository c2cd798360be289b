/** First retry after 30 s, then twice as long each time, at most 2 h apart, for a day. */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 2 * 60 * 60 * 1000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** When to try again after `attempts` failed attempts, or null once a day has passed since it was queued. */
export function nextRetry(options: { attempts: number; createdAt: Date; now: Date }): Date | null {
  const delay = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, options.attempts - 1), MAX_RETRY_MS);
  const next = new Date(options.now.getTime() + delay);
  return next.getTime() - options.createdAt.getTime() > GIVE_UP_AFTER_MS ? null : next;
}
