import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { IDEMPOTENCY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from "@flowdeck/shared/idempotency";
import { AppError, type ErrorBody } from "@flowdeck/shared";
import { and, eq, lt } from "drizzle-orm";
import type { Database, Executor } from "../db/database.ts";
import { idempotencyKeys } from "../db/schema/index.ts";
import { errorBodyOf } from "./error-body.ts";
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
 * A route asks for it with `config: { idempotent: true }`; the idempotency plugin
 * (plugins/idempotency.ts) reads the header into `request.idempotency` and marks replayed answers.
 * The route hands `request.idempotency` to its service, whose one transaction is
 *
 *   return runIdempotent({ context, idempotency, work: (tx, log) => … });
 *
 * and which returns a plain value, as any other service does.
 */

/** How long an answer is kept: a retry later than this runs as a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

export const IDEMPOTENCY_TEXTS = {
  invalidKey: `The ${IDEMPOTENCY_HEADER} header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible characters`,
  keyReused:
    "This Idempotency-Key was already used for a different request. Send a new key for a new request, or repeat the original request exactly.",
  inProgress: "A request with this Idempotency-Key is still being processed. Try again shortly.",
} as const;

/** A request's key, made by the idempotency plugin; a service only passes it on to `runIdempotent`. */
export type Idempotency = {
  key: string;
  /** What the request asks (method, route, path parameters, validated body), hashed. */
  fingerprint: string;
  /** The route's status on success, stored with the answer. */
  successStatus: number;
  /** Set by `runIdempotent` when the answer is the stored one of an earlier request with the key. */
  replayed: boolean;
  /** A multipart body the fingerprint does not cover yet (fingerprintReadBody). */
  awaitingBody?: boolean;
};

type StoredAnswer = { status: number; body: unknown };

/**
 * Runs `work` in one transaction, at most once per key. Without a key it simply runs. A refusal
 * (an AppError below 500) is an answer too: it is stored and repeated, and `work`'s changes are
 * rolled back. Other failures store nothing, so a retry runs afresh.
 */
export async function runIdempotent<T>(options: {
  /** Who changes what (keys are the actor's own: two actors may use one key for different requests). */
  context: ChangeContext;
  idempotency: Idempotency | null;
  work: (tx: Executor, log: ChangeLog) => Promise<T>;
}): Promise<T> {
  const { context, idempotency, work } = options;
  const { db } = context;
  const actorKey = keyOf(context.actor);
  if (!idempotency) return transact(context, work);
  // Without its body, two different uploads with one key would look like one request.
  if (idempotency.awaitingBody) throw new Error("an idempotent multipart route ran without fingerprinting its body");
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
      answer = { status: idempotency.successStatus, body: done.result };
      announcements = done.announcements;
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      answer = { status: error.status, body: errorBodyOf(error) };
    }
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body })
      .where(and(eq(idempotencyKeys.actorKey, actorKey), eq(idempotencyKeys.key, key)));
    return { replayed: false, answer };
  });

  const { answer, replayed } = outcome;
  idempotency.replayed = replayed;
  // A replayed answer announces nothing: its change was announced when it was made.
  if (!replayed) await announce(context, announcements);
  if (answer.status >= 400) throw appErrorOf(answer.body);
  return answer.body as T;
}

function appErrorOf(body: unknown): AppError {
  const { error } = body as ErrorBody;
  return new AppError(error.code, error.message, error.fields);
}

// Keys expire after a day; each process clears the expired ones now and then.
const lastSweep = new WeakMap<Database, number>();

async function sweepExpiredKeys(db: Database) {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_KEY_TTL_MS)));
}

/**
 * A multipart route reads its body in its handler, after this plugin's preHandler fingerprinted
 * the request without it. The route folds what it read (the fields and the file's checksum) into
 * the fingerprint before it runs its change, so the same key with another file or other fields is
 * refused as any reused key is, and a retry of the same upload is answered the first time's answer.
 */
export function fingerprintReadBody(request: FastifyRequest, body: unknown) {
  const idempotency = request.idempotency;
  if (!idempotency) return;
  idempotency.fingerprint = createHash("sha256").update(idempotency.fingerprint).update(stableJson(body)).digest("hex");
  idempotency.awaitingBody = false;
}

export /** JSON with object keys sorted, so equal requests hash alike whatever their key order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}
