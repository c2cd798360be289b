import { AppError, MESSAGES } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import type { FastifyRequest } from "fastify";
import type { TokenActor, UserActor } from "./actor.ts";
import type { ChangeContext, OrgScope, RequestOrigin, RunnerScope } from "./change-log.ts";

/**
 * What a route hands its service, read off the request after the actor plugin (plugins/actor/)
 * identified and authorized its caller. Routes import these, never a plugin (docs/decisions/070).
 */

/** The prefix of every organization route: its actor is checked against the organization and the route's action. */
export const ORG_ROUTE_PREFIX = "/api/orgs/:orgId";

/** The scope of an /api/orgs/:orgId route: the actor in that organization, with its role. */
export function scopeOf(request: FastifyRequest): OrgScope {
  const { actor } = request;
  const organizationId = actor.kind === "user" || actor.kind === "token" ? actor.organizationId : undefined;
  if (!organizationId) throw new Error(`${request.routeOptions.url} is not an organization route`);
  return { ...serverParts(request), organizationId, actor };
}

/** The scope of a route about one's own account: the signed-in user, in no organization. */
export function userScopeOf(request: FastifyRequest): ChangeContext & { actor: UserActor } {
  return { ...serverParts(request), actor: userOf(request), organizationId: null };
}

/** The scope of a runner protocol route: the calling runner in its organization. */
export function runnerScopeOf(request: FastifyRequest): RunnerScope {
  const { actor } = request;
  if (actor?.kind !== "runner") throw new AppError("unauthenticated", RUNNER_MESSAGES.missingSecret);
  return { ...serverParts(request), actor, organizationId: actor.organizationId };
}

/**
 * The acting person, for routes about one's own account (profile, organizations, invitations
 * addressed to oneself): only a signed-in user has those.
 */
export function userOf(request: FastifyRequest): UserActor {
  const { actor } = request;
  if (actor?.kind !== "user") throw new AppError("unauthenticated", MESSAGES.notSignedIn);
  return actor;
}

/** The caller of a route that API tokens may call too (config.apiTokens): a person or a token. */
export function userOrTokenOf(request: FastifyRequest): UserActor | TokenActor {
  const { actor } = request;
  if (actor?.kind === "user" || actor?.kind === "token") return actor;
  throw new AppError("unauthenticated", MESSAGES.notSignedIn);
}

/** The client's address (TRUST_PROXY decides whether X-Forwarded-For counts) and its user agent. */
export function originOf(request: FastifyRequest): RequestOrigin {
  const userAgent = request.headers["user-agent"];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === "string" ? userAgent.slice(0, 500) : null };
}

function serverParts(request: FastifyRequest) {
  const { db, events, metrics } = request.server;
  return { db, events, metrics, origin: originOf(request) };
}
