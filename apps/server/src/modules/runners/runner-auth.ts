import { AppError } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import {
  MIN_RUNNER_VERSION,
  RUNNER_SECRET_PREFIX,
  RUNNER_VERSION_HEADER,
  compareVersions,
} from "@flowdeck/shared/runners/protocol";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../../db/database.ts";
import type { OrgScope } from "../../lib/change-log.ts";
import { originOf } from "../../plugins/authentication.ts";
import { findRunnerBySecret, touchRunner } from "./repository.ts";
import type { RunnerIdentity } from "./runner-identity.ts";
import { hashSecret } from "../../lib/secrets.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A /api/runner/v1 route that needs no runner credential (register: the token is in its body). */
    runnerPublic?: boolean;
  }
  interface FastifyRequest {
    /** The calling runner, on /api/runner/v1 routes that need its credential. */
    runner: RunnerIdentity;
  }
}

const VERSION_PATTERN = /^\d+\.\d+\.\d+([-+].*)?$/;

/**
 * The one authentication hook of /api/runner/v1 (docs/runner-protocol.md), registered in that
 * plugin's scope only. A too-old runner (or one that does not say its version) gets 412; then the
 * `Authorization: Bearer fdrs_…` secret is looked up by its SHA-256, and an unknown, revoked or
 * malformed one gets 401. A user's session cookie means nothing here. Every accepted call is
 * contact: the runner shows online.
 */
export function registerRunnerAuthentication(app: FastifyInstance, db: Database) {
  app.decorateRequest("runner", null as unknown as RunnerIdentity);
  app.addHook("onRequest", async (request) => {
    checkVersion(request);
    if (request.routeOptions.config.runnerPublic) return;
    request.runner = await authenticate(db, request);
    // The same request's actor (lib/actor.ts): what the runner changes is attributed to it.
    const { id, name, organizationId } = request.runner;
    request.actor = { kind: "runner", runnerId: id, name, organizationId };
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

async function authenticate(db: Database, request: FastifyRequest): Promise<RunnerIdentity> {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError("unauthenticated", RUNNER_MESSAGES.missingSecret);
  const secret = match[1]!;
  if (!secret.startsWith(RUNNER_SECRET_PREFIX) || secret.length > 200) {
    throw new AppError("unauthenticated", RUNNER_MESSAGES.unknownSecret);
  }
  const found = await findRunnerBySecret(db, hashSecret(secret));
  if (!found || found.runner.revokedAt) throw new AppError("unauthenticated", RUNNER_MESSAGES.unknownSecret);
  const { runner, organizationName } = found;
  await touchRunner(db, runner.id, new Date());
  return {
    kind: "runner",
    id: runner.id,
    organizationId: runner.organizationId,
    organizationName,
    name: runner.name,
    os: runner.os,
    arch: runner.arch,
    labels: runner.labels,
  };
}

/** What a runner's call hands the services that change things: the runner acting in its organization. */
export function runnerScope(request: FastifyRequest): OrgScope {
  return {
    db: request.server.db,
    events: request.server.events,
    actor: request.actor,
    organizationId: request.runner.organizationId,
    origin: originOf(request),
  };
}
