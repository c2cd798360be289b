/**
 * Who can change something in Flowdeck. The server's actor (apps/server/src/lib/actor.ts) carries
 * one of these kinds; the audit log shows and filters by them.
 */
export const ACTOR_KINDS = ["user", "token", "runner", "system", "hook"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];
