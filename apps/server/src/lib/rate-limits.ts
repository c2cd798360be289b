import type { RateLimitOptions } from "@fastify/rate-limit";
import { addressKey } from "./budgets.ts";

/**
 * The limits a route asks for with `config: { rateLimit: … }` or `app.rateLimit(…)`; the store
 * that counts them is plugins/rate-limit-store.ts.
 */

/** The limit on an abuse-prone route: `max` requests a minute per client address. */
export function abuseLimit(max: number): RateLimitOptions {
  return { max, timeWindow: 60_000 };
}

/**
 * `max` requests a minute per e-mail address named in the body (`email`) for what `name` counts
 * (added as a preHandler with `app.rateLimit`): an address with an account and one without are
 * counted alike, so a refusal tells nothing about either. The key holds a hash of the address,
 * lowercased: a fixed length whatever is sent, and no addresses in the counters table.
 */
export function perEmailLimit(name: string, max: number): RateLimitOptions {
  return {
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      if (typeof email !== "string") return `${name}:no-email:${request.ip}`;
      return `${name}:email:${addressKey(email)}`;
    },
  };
}
