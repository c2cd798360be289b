import { createHash } from "node:crypto";
import { AppError, type ErrorBody } from "@flowdeck/shared";
import { and, eq, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database, Executor } from "../db/database.ts";
import { idempotencyKeys } from "../db/schema/index.ts";
import { actorKey as keyOf } from "./actor.ts";
import { announce, logged, transact, type Announcement, type ChangeContext, type ChangeLog } from "./change-log.ts";

/**
 * Idempotent mutations. A client that may retry a request sends an `Idempotency-Key` header, a
 * value it makes up once per intended change (the web app: one per click). The first request with
 * a key runs and its answer is stored with it, in the same transaction as the change; every later
 * request with that key gets the stored answer, without running again. Concurrent requests with
 * one key queue on the key's row, so the change is applied once and all get the same answer.
 * The same key with a different request (another route, organization or body) is refused.
 *
 *   const idempotency = idempotencyOf(request);          // in the route
 *   const result = await runIdempotent({ context, idempotency, status: 201, work: (tx, log) => … }); // in the service
 *   return sendIdempotent(reply, () => service(…));       // in the route
 */

export const IDEMPOTENCY_HEADER = "idempotency-key";
/** Set on an answer that was stored earlier rather than made now. */
export const REPLAYED_HEADER = "idempotent-replayed";
/** How long an answer is kept: a retry later than this runs as a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

export const IDEMPOTENCY_TEXTS = {
  invalidKey: `The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} visible characters`,
  keyReused:
    "This Idempotency-Key was already used for a different request. Send a new key for a new request, or repeat the original request exactly.",
  inProgress: "A request with this Idempotency-Key is still being processed. Try again shortly.",
} as const;

export type Idempotency = { key: string; fingerprint: string };

export type IdempotentResult<T> = {
  status: number;
  body: T;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
};

type StoredAnswer = { status: number; body: unknown };

/**
 * The request's Idempotency-Key with a fingerprint of what it asks (method, route, path parameters
 * and validated body), or null when it carries no key. Throws 400 for a malformed key.
 */
export function idempotencyOf(request: FastifyRequest): Idempotency | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  if (typeof header !== "string" || !/^[\x21-\x7e]+$/.test(header) || header.length > MAX_KEY_LENGTH) {
    throw new AppError("invalid-argument", IDEMPOTENCY_TEXTS.invalidKey);
  }
  const fingerprint = createHash("sha256")
    .update(
      stableJson({
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        params: request.params ?? null,
        body: request.body ?? null,
      }),
    )
    .digest("hex");
  return { key: header, fingerprint };
}

/**
 * Runs `work` in one transaction, at most once per key. Without a key it simply runs. A refusal
 * (an AppError below 500) is an answer too: it is stored and repeated, and `work`'s changes are
 * rolled back. Other failures store nothing, so a retry runs afresh.
 */
export async function runIdempotent<T>(options: {
  /** Who changes what (keys are the actor's own: two actors may use one key for different requests). */
  context: ChangeContext;
  idempotency: Idempotency | null;
  /** The HTTP status of a success. */
  status: number;
  work: (tx: Executor, log: ChangeLog) => Promise<T>;
}): Promise<IdempotentResult<T>> {
  const { context, idempotency, status, work } = options;
  const { db } = context;
  const actorKey = keyOf(context.actor);
  if (!idempotency) return { status, body: await transact(context, work), replayed: false };
  await sweepExpiredKeys(db);
  let announcements: Announcement[] = [];

  const { key, fingerprint } = idempotency;
  const outcome = await db.transaction(async (tx) => {
    // A second request with the key waits here until the first one's transaction ends: it then
    // finds the stored answer, or (when the first failed and stored nothing) claims the key itself.
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ actorKey, key, requestFingerprint: fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.actorKey, actorKey), eq(idempotencyKeys.key, key)));
      if (!stored) throw new AppError("aborted", IDEMPOTENCY_TEXTS.inProgress);
      if (stored.requestFingerprint !== fingerprint) throw new AppError("aborted", IDEMPOTENCY_TEXTS.keyReused);
      if (stored.responseStatus === null) throw new AppError("aborted", IDEMPOTENCY_TEXTS.inProgress);
      return { replayed: true, answer: { status: stored.responseStatus, body: stored.responseBody } };
    }

    let answer: StoredAnswer;
    try {
      // A savepoint, so a refusal undoes the work but keeps the key and its stored answer.
      const done = await tx.transaction((savepoint) => logged(context, savepoint, work));
      answer = { status, body: done.result };
      announcements = done.announcements;
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      answer = { status: error.status, body: errorBody(error) };
    }
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body })
      .where(and(eq(idempotencyKeys.actorKey, actorKey), eq(idempotencyKeys.key, key)));
    return { replayed: false, answer };
  });

  const { answer, replayed } = outcome;
  // A replayed answer announces nothing: its change was announced when it was made.
  if (!replayed) await announce(context.events, announcements);
  if (answer.status >= 400) throw appErrorOf(answer.body, replayed);
  return { status: answer.status, body: answer.body as T, replayed };
}

/** A stored refusal, repeated for a request with the same key. */
export class ReplayedRefusal extends AppError {}

/** Sends the result of an idempotent service call, marking a replayed answer (a refusal too). */
export async function sendIdempotent<T>(reply: FastifyReply, run: () => Promise<IdempotentResult<T>>) {
  let result: IdempotentResult<T>;
  try {
    result = await run();
  } catch (error) {
    // The error handler sends the refusal; the headers set here stay on the answer.
    if (error instanceof ReplayedRefusal) reply.header(REPLAYED_HEADER, "true");
    throw error;
  }
  if (result.replayed) reply.header(REPLAYED_HEADER, "true");
  return reply.status(result.status).send(result.body);
}

function errorBody(error: AppError): ErrorBody {
  return {
    error: error.fields
      ? { code: error.code, message: error.message, fields: error.fields }
      : { code: error.code, message: error.message },
  };
}

function appErrorOf(body: unknown, replayed: boolean): AppError {
  const { error } = body as ErrorBody;
  return replayed
    ? new ReplayedRefusal(error.code, error.message, error.fields)
    : new AppError(error.code, error.message, error.fields);
}

// Keys expire after a day; each process clears the expired ones now and then.
const lastSweep = new WeakMap<Database, number>();

async function sweepExpiredKeys(db: Database) {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_KEY_TTL_MS)));
}

/** JSON with object keys sorted, so equal requests hash alike whatever their key order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}
