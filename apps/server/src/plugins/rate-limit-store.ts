import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { AppError, MESSAGES } from "@flowdeck/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";
import { countHit } from "../lib/budgets.ts";

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store on the database (PostgreSQL or PGlite), so every instance counts
 * the same hits: one upsert per request, in the table rate_limit_counters. Each route gets its own
 * key prefix (child). A window starts at the first hit and ends `timeWindow` later.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(_options?: unknown, prefix = "") {
      this.prefix = prefix;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number) {
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the route as `routeInfo`; limits made with app.rateLimit() have none
    // and share one prefix, so their keys name what they count (perEmailLimit).
    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${route?.method ?? ""} ${route?.url ?? ""}:`);
    }
  }
  return DatabaseRateLimitStore;
}

/**
 * @fastify/rate-limit with the shared store; no route is limited unless it asks with
 * `config: { rateLimit: abuseLimit(...) }` or `app.rateLimit(...)` (per e-mail address, per API token).
 * A use case that must count several things at once (per person, per address invited, per client)
 * spends budgets instead (lib/budgets.ts), which no other limit hides.
 * A refusal is 429 with Retry-After and the usual error shape.
 */
export async function registerRateLimits(app: FastifyInstance, db: Database) {
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    // A database outage must not lock everyone out: the request goes on (and meets the outage).
    skipOnError: true,
    errorResponseBuilder: () => new AppError("resource-exhausted", MESSAGES.tooManyAttempts),
  });
}

/**
 * `max` requests a minute per API token, on every route a token may call. People are not counted:
 * the hook passes every request whose actor is not a token. (The plugin checks one limit per
 * request, so for a token this budget takes the place of a route's per-address limit.)
 */
export function limitApiTokens(app: FastifyInstance, max: number) {
  const limit = app.rateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-token:${request.actor.kind === "token" ? request.actor.tokenId : ""}`,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.actor?.kind === "token") await limit.call(app, request, reply);
  });
}
