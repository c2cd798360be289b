import { AppError, MESSAGES } from "@flowdeck/shared";
import { parseCookies } from "better-auth/cookies";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/database.ts";
import type { UserActor } from "../../lib/actor.ts";
import type { SessionCache, SessionMembership } from "../../lib/session-cache.ts";
import type { Auth } from "../../modules/auth/auth.ts";
import { listSessionMemberships } from "../../modules/organizations/repository.ts";

export type SessionIdentity = { actor: UserActor; memberships: ReadonlyMap<string, SessionMembership> };

/**
 * The signed-in person of a request with a session cookie, and their memberships as cached with
 * the session (decision 033). better-auth checks the cookie's signature and the session's expiry,
 * and renews it; the cache spares it on most requests. No cookie, or a session that ended: 401.
 */
export function sessionIdentifier(options: { db: Database; auth: Auth; sessions: SessionCache; cookieName: string }) {
  const { db, auth, sessions, cookieName } = options;
  return async (request: FastifyRequest): Promise<SessionIdentity> => {
    const cookieValue = parseCookies(request.headers.cookie ?? "").get(cookieName);
    if (!cookieValue) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
    const session = await sessions.read(cookieValue, async () => {
      const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!found) return null;
      const { id, email, name } = found.user;
      const twoFactorEnabled = found.user.twoFactorEnabled === true;
      const memberships = new Map(await listSessionMemberships(db, id));
      const user = { id, email, name, twoFactorEnabled };
      return { session: { user, memberships }, expiresAt: new Date(found.session.expiresAt) };
    });
    if (!session) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
    const { id, email, name, twoFactorEnabled } = session.user;
    return { actor: { kind: "user", userId: id, email, name, twoFactorEnabled }, memberships: session.memberships };
  };
}
