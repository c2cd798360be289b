import { createHash } from "node:crypto";
import { AppError } from "@flowdeck/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { IDEMPOTENCY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from "@flowdeck/shared/idempotency";
import { IDEMPOTENCY_TEXTS, stableJson, type Idempotency } from "../lib/idempotency.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route repeats its answer for a repeated Idempotency-Key (lib/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The request's Idempotency-Key on an idempotent route; null without one. */
    idempotency: Idempotency | null;
  }
}

/** Set on an answer that was stored earlier rather than made now. */
export const REPLAYED_HEADER = "idempotent-replayed";

/**
 * The HTTP side of idempotency: a route with `config: { idempotent: true }` finds the request's key
 * in `request.idempotency` and hands it to its service, which runs its change with `runIdempotent`.
 * A stored answer (a refusal too) is marked with the Idempotent-Replayed header.
 */
export function registerIdempotency(app: FastifyInstance) {
  app.decorateRequest("idempotency", null);

  app.addHook("onRoute", (route) => {
    if (route.config?.idempotent && successStatusOf(route.schema?.response) === undefined) {
      throw new Error(`${String(route.method)} ${route.url} is idempotent but declares no success response`);
    }
  });

  // After validation: the fingerprint covers the validated body.
  app.addHook("preHandler", async (request) => {
    if (request.routeOptions.config.idempotent) request.idempotency = idempotencyOf(request);
  });

  app.addHook("onSend", async (request, reply) => {
    if (request.idempotency?.replayed) reply.header(REPLAYED_HEADER, "true");
  });
}

/**
 * The request's Idempotency-Key with a fingerprint of what it asks (method, route, path parameters
 * and validated body), or null when it carries no key. Throws 400 for a malformed key.
 */
function idempotencyOf(request: FastifyRequest): Idempotency | null {
  const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (header === undefined) return null;
  if (typeof header !== "string" || !/^[\x21-\x7e]+$/.test(header) || header.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
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
  const successStatus = successStatusOf(request.routeOptions.schema?.response)!;
  // A multipart body is read by the handler: fingerprintReadBody completes the fingerprint.
  const awaitingBody = request.isMultipart?.() === true;
  return { key: header, fingerprint, successStatus, replayed: false, ...(awaitingBody && { awaitingBody }) };
}

/** The one 2xx status a route's response schemas declare. */
function successStatusOf(response: unknown): number | undefined {
  if (!response || typeof response !== "object") return undefined;
  const statuses = Object.keys(response)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return statuses.length === 1 ? statuses[0] : undefined;
}
