import { AppError, MESSAGES } from "@flowdeck/shared";
import type { Server } from "node:http";

/** An open event stream as the limits see it: it can be ended with a last word to its browser. */
export type LimitedStream = { end: (text: string) => void };

/**
 * Open streams one person may hold on an instance, with their session and all their tokens
 * together, the organization's live updates and run views alike; a new one beyond this closes
 * their oldest.
 */
export const MAX_STREAMS_PER_PERSON = 10;

/** A stream closed for a newer one waits this long before its browser tries again (no ping-pong of tabs). */
const REPLACED_RETRY_MS = 60_000;

export type StreamLimits = {
  /** 429 when the organization holds its most streams: called before a stream opens. */
  assertRoom: (organizationId: string) => void;
  /**
   * Counts a new stream of `owner` (a person: a token's streams are its creator's) in the
   * organization; beyond the person's most, their oldest stream is closed. Answers the function
   * that releases the stream when it closes.
   */
  admit: (options: { organizationId: string; owner: string; stream: LimitedStream }) => () => void;
};

const limitsByServer = new WeakMap<Server, StreamLimits>();

/**
 * The one count of open event streams on this instance — the organization's live updates and run
 * streams alike — per person and per organization: one member once held 1,500, another 40 through
 * three tokens. Shared by every route of the same server.
 */
export function streamLimitsOf(server: Server, limits: { perPerson: number; perOrganization: number }): StreamLimits {
  const existing = limitsByServer.get(server);
  if (existing) return existing;
  const byPerson = new Map<string, Set<LimitedStream>>();
  const byOrganization = new Map<string, Set<LimitedStream>>();
  const join = (map: Map<string, Set<LimitedStream>>, key: string, stream: LimitedStream) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0 && map.get(key) === set) map.delete(key);
    };
  };
  const created: StreamLimits = {
    assertRoom(organizationId) {
      if ((byOrganization.get(organizationId)?.size ?? 0) >= limits.perOrganization) {
        throw new AppError("resource-exhausted", MESSAGES.tooManyStreams);
      }
    },
    admit({ organizationId, owner, stream }) {
      const leaveOrganization = join(byOrganization, organizationId, stream);
      const leavePerson = join(byPerson, owner, stream);
      const mine = byPerson.get(owner)!;
      for (const oldest of [...mine].slice(0, Math.max(mine.size - limits.perPerson, 0))) {
        mine.delete(oldest);
        oldest.end(`retry: ${REPLACED_RETRY_MS}\n: replaced by a newer stream\n\n`);
      }
      return () => {
        leaveOrganization();
        leavePerson();
      };
    },
  };
  limitsByServer.set(server, created);
  return created;
}
