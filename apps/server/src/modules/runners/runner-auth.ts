import { AppError } from "@flowdeck/shared";
import { SERVER_VERSION_HEADER } from "@flowdeck/shared/runners/install";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import { FLOWDECK_VERSION } from "@flowdeck/shared/version";
import {
  MIN_RUNNER_VERSION,
  RUNNER_SECRET_PREFIX,
  RUNNER_VERSION_HEADER,
  compareVersions,
} from "@flowdeck/shared/runners/protocol";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../../db/database.ts";
import type { RunnerActor } from "../../lib/actor.ts";
import type { RunnerScope } from "../../lib/change-log.ts";
import { originOf } from "../../plugins/authentication.ts";
import { findRunnerBySecret, touchRunner } from "./repository.ts";
import { hashSecret } from "../../lib/secrets.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A /api/runner/v1 route that needs no runner credential (register: the token is in its body). */
    runnerPublic?: boolean;
  }
}

const VERSION_PATTERN = /^\d+\.\d+\.\d+([-+].*)?$/;

/**
 * The one authentication hook of /api/runner/v1 (docs/runner-protocol.md), registered in that
 * plugin's scope only. A too-old runner (or one that does not say its version) gets 412; then the
 * `Authorization: Bearer fdrs_…` secret is looked up by its SHA-256, and an unknown, revoked or
 * malformed one gets 401. A user's session cookie means nothing here. Every accepted call is
 * contact: the runner shows online. The runner is the request's actor (lib/actor.ts): what it
 * changes is attributed to it.
 */
export function registerRunnerAuthentication(app: FastifyInstance, db: Database) {
  app.addHook("onRequest", async (request, reply) => {
    // Every answer names the server's version, refusals included: an older runner says it is.
    reply.header(SERVER_VERSION_HEADER, FLOWDECK_VERSION);
    checkVersion(request);
    if (request.routeOptions.config.runnerPublic) return;
    request.actor = await authenticate(db, request);
  });
}

function checkVersion(request: FastifyRequest) {
  const version = request.headers[RUNNER_VERSION_HEADER];
  if (typeof version !== "string" || !VERSION_PATTERN.test(version.trim())) {
    throw new AppError("failed-precondition", RUNNER_MESSAGES.missingVersion);
  }
  if (compareVersions(version.trim(), MIN_RUNNER_VERSION) < 0) {
    throw new AppError("failed-precondition", RUNNER_MESSAGES.tooOld(MIN_RUNNER_VERSION, version.trim()));
  }
}

async function authenticate(db: Database, request: FastifyRequest): Promise<RunnerActor> {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError("unauthenticated", RUNNER_MESSAGES.missingSecret);
  const secret = match[1]!;
  if (!secret.startsWith(RUNNER_SECRET_PREFIX) || secret.length > 200) {
    throw new AppError("unauthenticated", RUNNER_MESSAGES.unknownSecret);
  }
  const runner = await findRunnerBySecret(db, hashSecret(secret));
  if (!runner || runner.revokedAt) throw new AppError("unauthenticated", RUNNER_MESSAGES.unknownSecret);
  await touchRunner(db, runner.id, new Date());
  return { kind: "runner", runnerId: runner.id, name: runner.name, organizationId: runner.organizationId };
}

/** The calling runner's scope, on the routes its hook authenticated. */
export function runnerScope(request: FastifyRequest): RunnerScope {
  const { actor } = request;
  if (actor?.kind !== "runner") throw new AppError("unauthenticated", RUNNER_MESSAGES.missingSecret);
  return {
    db: request.server.db,
    events: request.server.events,
    metrics: request.server.metrics,
    actor,
    organizationId: actor.organizationId,
    origin: originOf(request),
  };
}
