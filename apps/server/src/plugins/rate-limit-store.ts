import { createHash } from "node:crypto";
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from "@fastify/rate-limit";
import { AppError, MESSAGES } from "@flowdeck/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/database.ts";

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** One hit on `key` in rate_limit_counters: the hits in its window so far and the milliseconds left. */
async function countHit(db: Database, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const result = await db.execute<{ hits: number; ttl: number }>(
    sql`insert into rate_limit_counters (key, hits, reset_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when rate_limit_counters.reset_at <= now() then 1 else rate_limit_counters.hits + 1 end,
          reset_at = case when rate_limit_counters.reset_at <= now() then excluded.reset_at
                          else rate_limit_counters.reset_at end
        returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::integer as ttl`,
  );
  const row = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows[0];
  return { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? windowMs) };
}

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
    // and share one prefix, so their keys name what they count (perAccountLimit).
    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${route?.method ?? ""} ${route?.url ?? ""}:`);
    }
  }
  return DatabaseRateLimitStore;
}

/**
 * @fastify/rate-limit with the shared store; no route is limited unless it asks with
 * `config: { rateLimit: abuseLimit(...) }` or `app.rateLimit(...)` (per account, per API token).
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

/** The limit on an abuse-prone route: `max` requests a minute per client address. */
export function abuseLimit(max: number): RateLimitOptions {
  return { max, timeWindow: 60_000 };
}

/**
 * `max` requests a minute per signed-in account for what `name` counts (added as a preHandler
 * with `app.rateLimit`); routes giving the same name share one budget.
 */
export function perAccountLimit(name: string, max: number): RateLimitOptions {
  return {
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `${name}:user:${(request as { user?: { id?: string } }).user?.id ?? request.ip}`,
  };
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
      return `${name}:email:${createHash("sha256").update(email.trim().toLowerCase()).digest("base64url")}`;
    },
  };
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

/** One budget a request spends from: `max` a minute for `key` (a name and whom it counts). */
export type Budget = { key: string; max: number };

/**
 * A preHandler that spends one from each of the request's budgets, in the shared store, and
 * answers 429 with Retry-After when any is spent. Unlike @fastify/rate-limit, which checks only
 * the first limit a request meets (so a per-address or per-token limit hid every other), every
 * budget is counted, whoever asks: a person, or a token on its creator's behalf.
 */
export function spendBudgets(db: Database, budgetsOf: (request: FastifyRequest) => Budget[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let waitMs = 0;
    for (const budget of budgetsOf(request)) {
      const { current, ttl } = await countHit(db, `budget:${budget.key}`, 60_000);
      if (current > budget.max) waitMs = Math.max(waitMs, ttl);
    }
    if (waitMs > 0) {
      reply.header("retry-after", String(Math.max(1, Math.ceil(waitMs / 1000))));
      throw new AppError("resource-exhausted", MESSAGES.tooManyAttempts);
    }
  };
}
