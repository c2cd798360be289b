/**
 * The header that makes a mutation safe to retry: the web app sends one key per intended change,
 * the server answers a repeat with the first answer (apps/server/src/plugins/idempotency.ts).
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** Keys are 1 to this many visible ASCII characters. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
