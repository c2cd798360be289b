import { AppError } from "@flowdeck/shared";
import { SERVER_VERSION_HEADER } from "@flowdeck/shared/runners/install";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import {
  MIN_RUNNER_VERSION,
  RUNNER_SECRET_PREFIX,
  RUNNER_VERSION_HEADER,
  compareVersions,
} from "@flowdeck/shared/runners/protocol";
import { FLOWDECK_VERSION } from "@flowdeck/shared/version";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../../db/database.ts";
import type { RunnerActor } from "../../lib/actor.ts";
import { hashSecret } from "../../lib/secrets.ts";
import { findRunnerBySecret, TOUCH_EVERY_MS, touchRunner } from "../../modules/runners/repository.ts";

const VERSION_PATTERN = /^\d+\.\d+\.\d+([-+].*)?$/;

/**
 * A call of the runner protocol (/api/runner/v1, docs/runner-protocol.md). Every answer names the
 * server's version, refusals included, so an older runner can say it is. A too-old runner (or one
 * that does not say its version) gets 412; then the `Authorization: Bearer fdrs_…` secret is looked
 * up by its SHA-256, and an unknown, revoked or malformed one gets 401. A user's session cookie
 * means nothing here. Every accepted call is contact: the runner shows online. Null for the one
 * route a runner calls before it has a secret (register: the token is in its body).
 */
export async function identifyRunner(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RunnerActor | null> {
  reply.header(SERVER_VERSION_HEADER, FLOWDECK_VERSION);
  checkVersion(request);
  if (request.routeOptions.config.runnerPublic) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  if (!match) throw new AppError("unauthenticated", RUNNER_MESSAGES.missingSecret);
  const secret = match[1]!;
  if (!secret.startsWith(RUNNER_SECRET_PREFIX) || secret.length > 200) {
    throw new AppError("unauthenticated", RUNNER_MESSAGES.unknownSecret);
  }
  const runner = await findRunnerBySecret(db, hashSecret(secret));
  if (!runner || runner.revokedAt) throw new AppError("unauthenticated", RUNNER_MESSAGES.unknownSecret);
  // The row just read says when it was last written: most calls need no second statement.
  const now = new Date();
  if (now.getTime() - runner.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await touchRunner(db, runner.id, now);
  return { kind: "runner", runnerId: runner.id, name: runner.name, organizationId: runner.organizationId };
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
