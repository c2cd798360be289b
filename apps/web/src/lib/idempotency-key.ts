import { useMemo, useRef } from "react";

export { IDEMPOTENCY_HEADER } from "@flowdeck/shared/idempotency";

/**
 * A new key for one intended change (one click), reused by the retries of that change only.
 * crypto.randomUUID exists only on HTTPS or localhost; a self-hosted server reached over plain
 * HTTP on a LAN address still gets 128 random bits from getRandomValues.
 */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export type Intent = {
  /**
   * Starts a request for these values and gives its key, or undefined when one is still in flight
   * (a second click before the first answered). The key stays the same while the same values are
   * retried after a failure, so a request that did reach the server is never applied twice.
   */
  begin: (values: unknown) => string | undefined;
  /** The request ended; after a success, the next one is a new intent with a new key. */
  end: (succeeded: boolean) => void;
};

/**
 * One intended change per form, however often its button is clicked. The busy state React shows
 * comes one render too late for a fast double click: this guard is synchronous.
 */
export function useIntent(): Intent {
  const current = useRef<{ values: string; key: string } | undefined>(undefined);
  const inFlight = useRef(false);
  return useMemo(
    () => ({
      begin(values) {
        if (inFlight.current) return undefined;
        inFlight.current = true;
        const text = JSON.stringify(values);
        if (current.current?.values !== text) current.current = { values: text, key: newIdempotencyKey() };
        return current.current.key;
      },
      end(succeeded) {
        inFlight.current = false;
        if (succeeded) current.current = undefined;
      },
    }),
    [],
  );
}
