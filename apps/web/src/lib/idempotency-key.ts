/** The header that makes a mutation safe to retry (the server's lib/idempotency.ts). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/**
 * A new key for one intended change (one click), reused by the retries of that change only.
 * crypto.randomUUID exists only on HTTPS or localhost; a self-hosted server reached over plain
 * HTTP on a LAN address still gets 128 random bits from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
