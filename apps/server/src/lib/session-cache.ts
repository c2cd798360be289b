import { createHash } from "node:crypto";
import type { Role } from "@flowdeck/shared";
import type { EventHub } from "./event-hub.ts";

/** A membership as the tenancy hook needs it (null role: given no role, which acts as viewer). */
export type SessionMembership = { role: Role | null; requireTwoFactor: boolean };

/** Who a session cookie signs in, with the organizations they belong to and their role in each. */
export type CachedSession = {
  user: { id: string; email: string; name: string; twoFactorEnabled: boolean };
  /** Organization id → the membership. */
  memberships: ReadonlyMap<string, SessionMembership>;
};

type Entry = CachedSession & { userId: string; expiresAt: number };

/** Sessions kept at most; past it the oldest entry goes (a burst of sign-ins cannot grow memory). */
const MAX_ENTRIES = 10_000;

/**
 * The signed-in user and their memberships per session cookie, kept for a few seconds so an
 * authenticated request reads neither the session, the user nor the membership from the database
 * (docs/decisions/033). Entries are keyed by a hash of the signed cookie value, only ever stored
 * after better-auth checked that value, and end early when the event hub says the user's sessions
 * or memberships changed, on any instance.
 */
export type SessionCache = {
  /**
   * The cached session for this cookie value, or what `load` finds (stored unless the user's
   * sessions changed while it read). `load` returns null for no valid session.
   */
  read: (
    cookieValue: string,
    load: () => Promise<{ session: CachedSession; expiresAt: Date } | null>,
  ) => Promise<CachedSession | null>;
};

export function createSessionCache(options: { ttlSeconds: number; events: EventHub }): SessionCache {
  const ttlMs = options.ttlSeconds * 1000;
  const entries = new Map<string, Entry>();
  const keysOfUser = new Map<string, Set<string>>();
  // Bumped by every invalidation: a load that started before one may have read the old rows.
  let generation = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOfUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysOfUser.delete(entry.userId);
  };

  options.events.onSessionsChanged((userIds) => {
    generation++;
    for (const userId of userIds) for (const key of [...(keysOfUser.get(userId) ?? [])]) remove(key);
  });

  const store = (key: string, session: CachedSession, sessionExpiresAt: Date) => {
    const expiresAt = Math.min(Date.now() + ttlMs, sessionExpiresAt.getTime());
    remove(key);
    if (entries.size >= MAX_ENTRIES) remove(entries.keys().next().value!);
    const userId = session.user.id;
    entries.set(key, { ...session, userId, expiresAt });
    let keys = keysOfUser.get(userId);
    if (!keys) keysOfUser.set(userId, (keys = new Set()));
    keys.add(key);
  };

  return {
    read: async (cookieValue, load) => {
      if (ttlMs <= 0) return (await load())?.session ?? null;
      const key = createHash("sha256").update(cookieValue).digest("base64url");
      const entry = entries.get(key);
      if (entry && entry.expiresAt > Date.now()) return entry;
      remove(key);
      const startedAt = generation;
      const found = await load();
      if (found && generation === startedAt) store(key, found.session, found.expiresAt);
      return found?.session ?? null;
    },
  };
}

/**
 * The one way to say that users' sessions or memberships changed (sign-out, password reset, a role
 * change, a removal, a membership added): their cached sessions end on every instance.
 */
export async function sessionsChanged(events: EventHub, userIds: ReadonlyArray<string | null | undefined>) {
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  if (ids.length > 0) await events.sessionsChanged(ids);
}
